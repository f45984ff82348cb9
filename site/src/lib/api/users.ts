import {
  ChangeRoleResponseSchema,
  PreferencesResponseSchema,
  UserResponseSchema,
  type ChangeRoleBody,
  type UpdatePreferencesBody,
  type UpdateUserBody,
} from '@warraq/contracts';
import { apiRequest } from './client';

export function updateUser(id: number, body: UpdateUserBody) {
  return apiRequest('PUT', `/api/users/${id}`, UserResponseSchema, body);
}

export function savePreferences(id: number, body: UpdatePreferencesBody) {
  return apiRequest('POST', `/api/users/${id}/preferences`, PreferencesResponseSchema, body);
}

export function changeRole(id: number, body: ChangeRoleBody) {
  return apiRequest('PUT', `/api/users/${id}/role`, ChangeRoleResponseSchema, body);
}
