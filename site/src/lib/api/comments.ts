import {
  COMMENT_LIMITS,
  COMMENT_ROUTES,
  type CommentListResponse,
  type CreateCommentBody,
} from '@warraq/contracts';
import { api } from './client';

/** What a comments list is about: a series' own comments, or one chapter's. */
export interface CommentTarget {
  contentId: number;
  chapterId: number | null;
}

export async function fetchComments(
  target: CommentTarget,
  page: number,
): Promise<CommentListResponse['data']> {
  const answer = await api(COMMENT_ROUTES.list, {
    query: {
      content_id: target.contentId,
      page,
      limit: COMMENT_LIMITS.pageSize,
      ...(target.chapterId !== null ? { chapter_id: target.chapterId } : {}),
    },
  });
  return answer.data;
}

export function postComment(target: CommentTarget, text: string, parentId: number | null) {
  const body: CreateCommentBody = {
    text,
    content_id: target.contentId,
    chapter_id: target.chapterId,
    parent_id: parentId,
  };
  return api(COMMENT_ROUTES.create, { body });
}

export function editComment(id: number, text: string) {
  return api(COMMENT_ROUTES.update, { params: { id }, body: { text } });
}

export function deleteComment(id: number) {
  return api(COMMENT_ROUTES.remove, { params: { id } });
}

export function toggleCommentLike(id: number) {
  return api(COMMENT_ROUTES.like, { params: { id } });
}
