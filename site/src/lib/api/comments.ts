import {
  COMMENT_LIMITS,
  COMMENT_PATHS,
  CommentDeleteResponseSchema,
  CommentLikeResponseSchema,
  CommentListResponseSchema,
  CommentResponseSchema,
  type CommentListResponse,
  type CreateCommentBody,
} from '@warraq/contracts';
import { apiRequest } from './client';

/** What a comments list is about: a series' own comments, or one chapter's. */
export interface CommentTarget {
  contentId: number;
  chapterId: number | null;
}

export async function fetchComments(
  target: CommentTarget,
  page: number,
): Promise<CommentListResponse['data']> {
  const query = new URLSearchParams({
    content_id: String(target.contentId),
    page: String(page),
    limit: String(COMMENT_LIMITS.pageSize),
  });
  if (target.chapterId !== null) query.set('chapter_id', String(target.chapterId));
  const answer = await apiRequest(
    'GET',
    `${COMMENT_PATHS.list}?${query.toString()}`,
    CommentListResponseSchema,
  );
  return answer.data;
}

export function postComment(target: CommentTarget, text: string, parentId: number | null) {
  const body: CreateCommentBody = {
    text,
    content_id: target.contentId,
    chapter_id: target.chapterId,
    parent_id: parentId,
  };
  return apiRequest('POST', COMMENT_PATHS.create, CommentResponseSchema, body);
}

export function editComment(id: number, text: string) {
  return apiRequest('PUT', COMMENT_PATHS.comment(id), CommentResponseSchema, { text });
}

export function deleteComment(id: number) {
  return apiRequest('DELETE', COMMENT_PATHS.comment(id), CommentDeleteResponseSchema);
}

export function toggleCommentLike(id: number) {
  return apiRequest('POST', COMMENT_PATHS.like(id), CommentLikeResponseSchema);
}
