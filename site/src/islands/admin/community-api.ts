import { COMMUNITY_ROUTES, type AnnouncementBody, type UpdateRulesBody } from '@warraq/contracts';
import { api } from '@/lib/api/client';
import { runMutation } from '@/lib/query';

/** The community admin page's queries and mutations, under `['community']`. */
export const COMMUNITY_KEYS = {
  announcements: (page: number) => ['community', 'announcements', page] as const,
  rules: ['community', 'rules'],
} as const;

const ANNOUNCEMENTS_CHANGED = { invalidates: [['community', 'announcements']] } as const;

export const fetchAnnouncements = (page: number) => api(COMMUNITY_ROUTES.announcements, { query: { page } });
export const fetchRules = () => api(COMMUNITY_ROUTES.rules).then((answer) => answer.data);

export const createAnnouncement = (body: AnnouncementBody) =>
  runMutation(() => api(COMMUNITY_ROUTES.createAnnouncement, { body }), ANNOUNCEMENTS_CHANGED);
export const updateAnnouncement = (id: number, body: AnnouncementBody) =>
  runMutation(
    () => api(COMMUNITY_ROUTES.updateAnnouncement, { params: { id }, body }),
    ANNOUNCEMENTS_CHANGED,
  );
export const deleteAnnouncement = (id: number) =>
  runMutation(() => api(COMMUNITY_ROUTES.deleteAnnouncement, { params: { id } }), ANNOUNCEMENTS_CHANGED);
export const saveRules = (body: UpdateRulesBody) =>
  runMutation(() => api(COMMUNITY_ROUTES.updateRules, { body }), { invalidates: [COMMUNITY_KEYS.rules] });
