import { AUTH_ROUTES, type ChangePasswordBody, type LoginBody, type RegisterBody } from '@warraq/contracts';
import { api } from './client';

export function login(body: LoginBody) {
  return api(AUTH_ROUTES.login, { body });
}

export function register(body: RegisterBody) {
  return api(AUTH_ROUTES.register, { body });
}

export function logout() {
  return api(AUTH_ROUTES.logout);
}

export function changePassword(body: ChangePasswordBody) {
  return api(AUTH_ROUTES.changePassword, { body });
}
