import { isStaffRole, type ModerationStatus } from '@warraq/contracts';
import type { User } from '../users/user.entity';

/** Who is looking: decides which pending items are visible (their own, or all for staff). */
export interface ContentViewer {
  userId: number | null;
  staff: boolean;
}

export const ANONYMOUS_VIEWER: ContentViewer = Object.freeze({ userId: null, staff: false });

export function viewerOf(user: User | null | undefined): ContentViewer {
  return user ? { userId: user.id, staff: isStaffRole(user.role) } : ANONYMOUS_VIEWER;
}

/** Approved items are public; others only for their owner (creator/uploader) and staff. */
export function canSee(viewer: ContentViewer, status: ModerationStatus, ownerId: number | null): boolean {
  return status === 'approved' || viewer.staff || (viewer.userId !== null && ownerId === viewer.userId);
}
