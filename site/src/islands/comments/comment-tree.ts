import type { Comment } from '@warraq/contracts';

/** The list with the comment `id` (at any depth) replaced by `change(comment)`; other branches are kept as they are. */
export function updateComment(
  comments: readonly Comment[],
  id: number,
  change: (comment: Comment) => Comment,
): Comment[] {
  return comments.map((comment) => {
    if (comment.id === id) return change(comment);
    if (comment.replies.length === 0) return comment;
    const replies = updateComment(comment.replies, id, change);
    return replies.some((reply, index) => reply !== comment.replies[index])
      ? { ...comment, replies }
      : comment;
  });
}

/** The comment `id` at any depth, or undefined. */
export function findComment(comments: readonly Comment[], id: number): Comment | undefined {
  for (const comment of comments) {
    if (comment.id === id) return comment;
    const found = findComment(comment.replies, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Pages appended one after another: a comment added since the first page was fetched pushes the
 * others down a place, so the next page may repeat the last one shown; keep the first copy.
 */
export function appendPage(shown: readonly Comment[], page: readonly Comment[]): Comment[] {
  const seen = new Set(shown.map((comment) => comment.id));
  return [...shown, ...page.filter((comment) => !seen.has(comment.id))];
}

/** The anchor id a notification links to (`#comment-<id>`), and back. */
export function commentAnchor(id: number): string {
  return `comment-${id}`;
}

export function anchoredCommentId(hash: string): number | null {
  const match = /^#comment-(\d+)$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/**
 * A link to one comment under a chapter (`#comment-<id>`: a reply's notification, the community
 * feed, a profile's activity) has to reach it, but the comments hydrate only once they come into
 * view (client:visible), below the whole chapter, so nothing with that id exists to scroll to. The
 * section is brought into view first; hydrated, it finds the comment and scrolls to it
 * (CommentsSection).
 */
export function revealAnchoredComments(section: Element | null): void {
  if (section && anchoredCommentId(window.location.hash) !== null) section.scrollIntoView();
}
