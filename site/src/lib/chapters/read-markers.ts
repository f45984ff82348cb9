import type { ReadMarkBody } from '@warraq/contracts';

/** A chapter group's read-marker buttons: "read up to here", or flip this number read/unread. */
export type MarkKind = 'up-to' | 'toggle';

/** Whether a chapter number counts as read: any of its approved variants was read. */
export function isGroupRead(variantIds: readonly number[], read: ReadonlySet<number>): boolean {
  return variantIds.some((id) => read.has(id));
}

/** What a button asks of the API for a chapter number whose group is read or not. */
export function markBody(kind: MarkKind, number: number, groupRead: boolean): ReadMarkBody {
  return kind === 'up-to' ? { number, read: true, upTo: true } : { number, read: !groupRead, upTo: false };
}
