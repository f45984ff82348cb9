import { useCallback, useEffect, useRef, useState } from 'react';
import { COMMENT_LIMITS, COMMENT_MESSAGES, type Comment } from '@warraq/contracts';
import { fetchComments, type CommentTarget } from '@/lib/api/comments';
import { showToast } from '@/stores/toasts';
import { appendPage } from './comment-tree';

export type CommentsStatus = 'loading' | 'ready' | 'error';

export interface CommentsState {
  comments: Comment[];
  /** Every comment of the target, replies included (the header's count). */
  count: number;
  /** Spec §7: true while the last page fetched held a full page. */
  hasMore: boolean;
  status: CommentsStatus;
  loadingMore: boolean;
}

/** A whole page means there may be another; fewer means the list ended. */
const isFull = (page: readonly Comment[]) => page.length === COMMENT_LIMITS.pageSize;

/**
 * The comments of one target, page by page (spec §4: 'load more' appends the next page, a reload
 * follows add and delete). A reload fetches again every page already shown, so the reader keeps
 * their place in a long thread.
 */
export function useComments(target: CommentTarget) {
  const [state, setState] = useState<CommentsState>({
    comments: [],
    count: 0,
    hasMore: false,
    status: 'loading',
    loadingMore: false,
  });
  const pages = useRef(1);
  // An older reload answering after a newer one must not put back what the newer one removed.
  const generation = useRef(0);
  const { contentId, chapterId } = target;

  const reload = useCallback(async (): Promise<boolean> => {
    const mine = ++generation.current;
    try {
      const answers = await Promise.all(
        Array.from({ length: pages.current }, (_, index) =>
          fetchComments({ contentId, chapterId }, index + 1),
        ),
      );
      if (mine !== generation.current) return true;
      const comments = answers.reduce<Comment[]>((shown, answer) => appendPage(shown, answer.comments), []);
      const last = answers.at(-1);
      setState({
        comments,
        count: last?.count ?? 0,
        hasMore: last ? isFull(last.comments) : false,
        status: 'ready',
        loadingMore: false,
      });
      return true;
    } catch {
      if (mine !== generation.current) return false;
      showToast({ title: COMMENT_MESSAGES.fetchError, variant: 'destructive' });
      setState((current) => ({ ...current, status: current.status === 'ready' ? 'ready' : 'error' }));
      return false;
    }
  }, [contentId, chapterId]);

  const loadMore = useCallback(async () => {
    const mine = ++generation.current;
    const next = pages.current + 1;
    setState((current) => ({ ...current, loadingMore: true }));
    try {
      const answer = await fetchComments({ contentId, chapterId }, next);
      if (mine !== generation.current) return;
      pages.current = next;
      setState((current) => ({
        ...current,
        comments: appendPage(current.comments, answer.comments),
        count: answer.count,
        hasMore: isFull(answer.comments),
        loadingMore: false,
      }));
    } catch {
      if (mine !== generation.current) return;
      showToast({ title: COMMENT_MESSAGES.fetchError, variant: 'destructive' });
      setState((current) => ({ ...current, loadingMore: false }));
    }
  }, [contentId, chapterId]);

  const retry = useCallback(() => {
    setState((current) => ({ ...current, status: 'loading' }));
    void reload();
  }, [reload]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // Local edits between reloads (a like's count, an edited text).
  const setComments = useCallback((change: (comments: Comment[]) => Comment[]) => {
    setState((current) => ({ ...current, comments: change(current.comments) }));
  }, []);

  return { ...state, setComments, reload, loadMore, retry };
}
