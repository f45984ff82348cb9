import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { COMMENT_MESSAGES, type Comment } from '@warraq/contracts';
import { deleteComment, editComment, postComment, toggleCommentLike } from '@/lib/api/comments';
import { flipped, runOptimisticToggle } from '@/lib/content/optimistic-toggle';
import { showToast } from '@/stores/toasts';
import { fmtCount, t } from '@/i18n';
import { LoadError, LoadingLine } from '@/ui/LoadState';
import { CommentDeleteDialog } from './CommentDeleteDialog';
import { CommentForm } from './CommentForm';
import { CommentItem, type CommentThreadActions, type Viewer } from './CommentItem';
import { commentFailure } from './comment-errors';
import { anchoredCommentId, commentAnchor, findComment, updateComment } from './comment-tree';
import { useComments } from './use-comments';
import { useNow } from '@/ui/use-now';
import { href, profilePath, type HrefContext } from '@/lib/site/href';

export interface CommentsSectionProps {
  contentId: number;
  /** The chapter's comments in the reader; null for the series' own (its comments tab). */
  chapterId: number | null;
  /** The signed-in user as the page's session says; null for a guest. The server checks again. */
  viewer: Viewer | null;
  /** The login page, coming back here. */
  loginHref: string;
  /** How this site's links are written (a commenter's name links to their profile). */
  site: HrefContext;
}

/** A notification may point to a comment a few pages down; look that far for it, no further. */
const ANCHOR_PAGES = 5;

/**
 * Spec §2 "A comments section" of the reader and the series' comments tab: the list with its
 * replies, add / reply / edit / delete / like, 'load more', and §8's toasts.
 */
export default function CommentsSection({
  contentId,
  chapterId,
  viewer,
  loginHref,
  site,
}: CommentsSectionProps) {
  const headingId = useId();
  const now = useNow();
  const list = useComments({ contentId, chapterId });
  const { comments, status, hasMore, loadingMore, loadMore, reload, setComments } = list;
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const [likeBusy, setLikeBusy] = useState<ReadonlySet<number>>(new Set());
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const anchorPages = useRef(0);
  const anchorFound = useRef(false);

  // `#comment-<id>` (a notification's link): once the comment is on screen, bring it into view.
  useEffect(() => {
    if (status !== 'ready' || anchorFound.current) return;
    const id = anchoredCommentId(window.location.hash);
    if (id === null) return;
    if (findComment(comments, id)) {
      anchorFound.current = true;
      setHighlighted(id);
      requestAnimationFrame(() =>
        document.getElementById(commentAnchor(id))?.scrollIntoView({ block: 'center' }),
      );
    } else if (hasMore && !loadingMore && anchorPages.current < ANCHOR_PAGES) {
      anchorPages.current += 1;
      void loadMore();
    }
  }, [status, comments, hasMore, loadingMore, loadMore]);

  const setBusy = useCallback((id: number, busy: boolean) => {
    setLikeBusy((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  async function handleAdd(text: string, parent: Comment | null): Promise<boolean> {
    try {
      await postComment({ contentId, chapterId }, text, parent?.id ?? null);
    } catch (error) {
      const message = commentFailure(error, COMMENT_MESSAGES.addError, COMMENT_MESSAGES.loginToComment);
      showToast({ title: message, variant: 'destructive' });
      return false;
    }
    showToast({ title: COMMENT_MESSAGES.added });
    if (parent) setReplyingTo(null);
    await reload();
    return true;
  }

  async function handleEdit(comment: Comment, text: string): Promise<boolean> {
    try {
      const answer = await editComment(comment.id, text);
      setComments((current) =>
        updateComment(current, comment.id, (shown) => ({
          ...shown,
          text: answer.comment.text,
          edited_at: answer.comment.edited_at,
        })),
      );
      showToast({ title: COMMENT_MESSAGES.edited });
      return true;
    } catch (error) {
      const message = commentFailure(error, COMMENT_MESSAGES.editError, COMMENT_MESSAGES.loginToComment);
      showToast({ title: message, variant: 'destructive' });
      return false;
    }
  }

  async function handleDelete(comment: Comment) {
    try {
      await deleteComment(comment.id);
    } catch (error) {
      const message = commentFailure(error, COMMENT_MESSAGES.deleteError, COMMENT_MESSAGES.loginToComment);
      showToast({ title: message, variant: 'destructive' });
      return;
    }
    showToast({ title: COMMENT_MESSAGES.deleted });
    if (replyingTo === comment.id) setReplyingTo(null);
    await reload();
  }

  function handleLike(comment: Comment) {
    const current = { on: comment.liked, count: comment.likes };
    return runOptimisticToggle({
      signedIn: viewer !== null,
      loginMessage: COMMENT_MESSAGES.loginToLike,
      current,
      optimistic: flipped(current),
      set: (state) =>
        setComments((shown) =>
          updateComment(shown, comment.id, (item) => ({ ...item, liked: state.on, likes: state.count })),
        ),
      setBusy: (busy) => setBusy(comment.id, busy),
      request: () => toggleCommentLike(comment.id),
      settle: (answer) => ({ on: answer.liked, count: answer.likes }),
      failureMessage: (error) =>
        commentFailure(error, COMMENT_MESSAGES.likeError, COMMENT_MESSAGES.loginToLike),
    });
  }

  const actions: CommentThreadActions = {
    viewer,
    now,
    replyingTo,
    highlighted,
    likeBusy,
    openReply: setReplyingTo,
    reply: (parent, text) => handleAdd(text, parent),
    edit: handleEdit,
    askDelete: setDeleting,
    like: (comment) => void handleLike(comment),
    profileHref: (username) => href(profilePath(username), site),
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid="comments">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold">
        {t.comments.title}
        {status === 'ready' && (
          <span className="badge badge-neutral" data-testid="comments-count">
            {fmtCount(t.comments.count, list.count)}
          </span>
        )}
      </h2>

      {viewer ? (
        <CommentForm
          label={t.comments.label}
          placeholder={t.comments.placeholder}
          submitLabel={t.comments.send}
          emptyMessage={COMMENT_MESSAGES.emptyNew}
          onSubmit={(text) => handleAdd(text, null)}
        />
      ) : (
        // Guest-only by `<html data-viewer>` too: a public document renders it for everyone, and a
        // reader this browser remembers should not read "sign in to comment" while the page state
        // is on its way.
        <div role="note" className="alert flex flex-wrap justify-between" data-when="guest">
          <span>{COMMENT_MESSAGES.loginToComment}</span>
          <a href={loginHref} className="btn btn-primary btn-sm">
            {t.comments.login}
          </a>
        </div>
      )}

      {status === 'loading' ? (
        <LoadingLine label={t.comments.loading} className="text-base-content/70" />
      ) : status === 'error' ? (
        <LoadError message={COMMENT_MESSAGES.fetchError} onRetry={list.retry} />
      ) : comments.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-center">{COMMENT_MESSAGES.empty}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} depth={0} actions={actions} />
          ))}
        </ol>
      )}

      {status === 'ready' && hasMore && (
        <button
          type="button"
          className="btn btn-outline btn-sm self-center"
          disabled={loadingMore}
          aria-busy={loadingMore}
          onClick={() => void loadMore()}
        >
          {loadingMore && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t.comments.loadMore}
        </button>
      )}

      <CommentDeleteDialog target={deleting} onClose={() => setDeleting(null)} onConfirm={handleDelete} />
    </section>
  );
}
