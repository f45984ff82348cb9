import { describe, expect, it } from '@jest/globals';
import type { Comment } from '@warraq/contracts';
import { anchoredCommentId, appendPage, findComment, updateComment } from './comment-tree';

function comment(id: number, replies: Comment[] = []): Comment {
  return {
    id,
    text: `نص ${id}`,
    user_id: 1,
    username: 'reader',
    created_at: '2025-06-15T12:00:00Z',
    edited_at: null,
    likes: 0,
    liked: false,
    parent_id: null,
    content_id: 1,
    chapter_id: null,
    deleted: false,
    replies,
  };
}

describe('updateComment', () => {
  const tree = [comment(1, [comment(2, [comment(3)])]), comment(4)];

  it('changes a reply at any depth and keeps untouched branches as they were', () => {
    const next = updateComment(tree, 3, (item) => ({ ...item, likes: 1 }));
    expect(findComment(next, 3)?.likes).toBe(1);
    expect(next[1]).toBe(tree[1]);
    expect(next[0]).not.toBe(tree[0]);
    expect(findComment(tree, 3)?.likes).toBe(0);
  });

  it('returns equal branches when no comment has the id', () => {
    const next = updateComment(tree, 99, (item) => ({ ...item, likes: 1 }));
    expect(next[0]).toBe(tree[0]);
    expect(findComment(next, 99)).toBeUndefined();
  });
});

describe('appendPage', () => {
  it('drops a comment the next page repeats after a new one pushed the list down', () => {
    expect(appendPage([comment(9), comment(8)], [comment(8), comment(7)]).map((c) => c.id)).toEqual([
      9, 8, 7,
    ]);
  });
});

describe('anchoredCommentId', () => {
  it("reads a notification's #comment-<id> and nothing else", () => {
    expect(anchoredCommentId('#comment-42')).toBe(42);
    expect(anchoredCommentId('#comment-')).toBeNull();
    expect(anchoredCommentId('#comments')).toBeNull();
    expect(anchoredCommentId('')).toBeNull();
  });
});
