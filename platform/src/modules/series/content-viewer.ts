import { isStaffRole, type ModerationStatus } from '@warraq/contracts';
import type { AuthUser } from '../auth/request-auth';

/** Who is looking: decides which pending items are visible (their own, or all for staff). */
export interface ContentViewer {
  userId: number | null;
  staff: boolean;
}

export const ANONYMOUS_VIEWER: ContentViewer = Object.freeze({ userId: null, staff: false });

export function viewerOf(user: AuthUser | null | undefined): ContentViewer {
  return user ? { userId: user.id, staff: isStaffRole(user.role) } : ANONYMOUS_VIEWER;
}

/** Approved items are public; others only for their owner (creator/uploader) and staff. */
export function canSee(viewer: ContentViewer, status: ModerationStatus, ownerId: number | null): boolean {
  return status === 'approved' || viewer.staff || (viewer.userId !== null && ownerId === viewer.userId);
}

/** A chapter a viewer may act on (like, save progress): in the series named, and visible with it. */
export function canReachChapter(
  viewer: ContentViewer,
  chapter: {
    series_id: number;
    series_status: ModerationStatus;
    series_created_by: number | null;
    moderation_status: ModerationStatus;
    uploader_id: number | null;
  },
  seriesId: number,
): boolean {
  return (
    chapter.series_id === seriesId &&
    canSee(viewer, chapter.series_status, chapter.series_created_by) &&
    canSee(viewer, chapter.moderation_status, chapter.uploader_id)
  );
}
