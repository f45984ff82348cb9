import { z } from 'zod';
import {
  LoginResponseSchema,
  MessageResponseSchema,
  RegisterResponseSchema,
  type ChangePasswordBody,
  type LoginBody,
  type RegisterBody,
} from '@warraq/contracts';
import { apiRequest } from './client';

export function login(body: LoginBody) {
  return apiRequest('POST', '/api/auth/login', LoginResponseSchema, body);
}

export function register(body: RegisterBody) {
  return apiRequest('POST', '/api/auth/register', RegisterResponseSchema, body);
}

export function logout() {
  // The answer's body does not matter; any 2xx means the session is gone.
  return apiRequest('POST', '/api/auth/logout', z.unknown(), {});
}

export function changePassword(body: ChangePasswordBody) {
  return apiRequest(
    'POST',
    '/api/auth/change-password',
    MessageResponseSchema.or(z.object({ success: z.literal(true) })),
    body,
  );
}
