import {
  USER_ROUTES,
  type ChangeRoleBody,
  type UpdatePreferencesBody,
  type UpdateUserBody,
} from '@warraq/contracts';
import { api } from './client';

export function updateUser(id: number, body: UpdateUserBody) {
  return api(USER_ROUTES.update, { params: { id }, body });
}

/** `keepalive` lets the save outlive the page (the reader's settings, changed just before leaving). */
export function savePreferences(id: number, body: UpdatePreferencesBody, { keepalive = false } = {}) {
  return api(USER_ROUTES.updatePreferences, { params: { id }, body }, { keepalive });
}

export function changeRole(id: number, body: ChangeRoleBody) {
  return api(USER_ROUTES.changeRole, { params: { id }, body });
}
