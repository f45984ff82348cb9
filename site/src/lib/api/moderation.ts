import {
  CONTENT_ROUTES,
  MODERATION_ROUTES,
  ModerationListResponseSchema,
  type ContentKind,
  type ModerationAction,
  type ModerationStatus,
} from '@warraq/contracts';
import { contentListQuery, type ContentListParams } from '@/lib/moderation/content-queue';
import { api } from './client';

/** The moderation queue: the catalogue's path with `?status=` (spec §7), answered in its own shape. */
export const fetchContentList = (params: ContentListParams) =>
  api(CONTENT_ROUTES.list, { query: contentListQuery(params) }, { answer: ModerationListResponseSchema });

export const fetchPendingCount = () => api(MODERATION_ROUTES.pendingCount);

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
  const target = { params: { id }, query: { contentType } };
  const text = note?.trim() ? note.trim() : undefined;
  switch (action) {
    case 'approve':
      return api(MODERATION_ROUTES.approve, { ...target, body: { notes: text, expectedStatus } });
    case 'reject':
      return api(MODERATION_ROUTES.reject, { ...target, body: { reason: text, expectedStatus } });
    case 'delete':
      return api(MODERATION_ROUTES.remove, { ...target, body: { expectedStatus } });
  }
}
