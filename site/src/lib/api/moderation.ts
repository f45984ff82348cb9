import {
  MODERATION_PATHS,
  ModerationActionResponseSchema,
  ModerationListResponseSchema,
  PendingCountResponseSchema,
  type ContentKind,
  type ModerationAction,
  type ModerationStatus,
} from '@warraq/contracts';
import { contentListPath, type ContentListParams } from '@/lib/moderation/content-queue';
import { apiRequest } from './client';

export const fetchContentList = (params: ContentListParams) =>
  apiRequest('GET', contentListPath(params), ModerationListResponseSchema);

export const fetchPendingCount = () =>
  apiRequest('GET', MODERATION_PATHS.pendingCount, PendingCountResponseSchema);

export interface ModerationRequest {
  action: ModerationAction;
  id: number;
  contentType: ContentKind;
  /** The state the moderator saw: the server acts only if the item is still in it. */
  expectedStatus: ModerationStatus;
  /** Approve notes, reject reason (blank means none). */
  note?: string | undefined;
}

/** One moderation decision, sent to the table the item lives in (`?contentType=`). */
export function sendModeration({ action, id, contentType, expectedStatus, note }: ModerationRequest) {
  const query = `?contentType=${contentType}`;
  const text = note?.trim() ? note.trim() : undefined;
  switch (action) {
    case 'approve':
      return apiRequest('PUT', `${MODERATION_PATHS.approve(id)}${query}`, ModerationActionResponseSchema, {
        notes: text,
        expectedStatus,
      });
    case 'reject':
      return apiRequest('PUT', `${MODERATION_PATHS.reject(id)}${query}`, ModerationActionResponseSchema, {
        reason: text,
        expectedStatus,
      });
    case 'delete':
      return apiRequest('DELETE', `${MODERATION_PATHS.remove(id)}${query}`, ModerationActionResponseSchema, {
        expectedStatus,
      });
  }
}
