import { useState } from 'react';
import { COMMENT_MESSAGES, type Comment } from '@warraq/contracts';
import { fmt, fmtCount, formatNumber, t } from '@/i18n';
import { CommentForm } from './CommentForm';
import { formatExactDateTime, formatRelative } from '@/lib/format/format';
import { commentAnchor } from './comment-tree';

/** Replies indent up to this depth; deeper ones line up with their parent so phones keep their width. */
const MAX_INDENT = 3;

export interface Viewer {
  id: number;
  /** Admin or superadmin: may edit and delete anyone's comment (spec §6). */
  isAdmin: boolean;
}

/** What the section does for a comment; the items only say which comment and what text. */
export interface CommentThreadActions {
  viewer: Viewer | null;
  now: number;
  /** The comment whose reply form is open (one at a time), or null. */
  replyingTo: number | null;
  /** The comment a notification pointed to (`#comment-<id>`), highlighted. */
  highlighted: number | null;
  /** Likes in flight, so one comment's button is not pressed twice before the answer. */
  likeBusy: ReadonlySet<number>;
  openReply: (id: number | null) => void;
  reply: (parent: Comment, text: string) => Promise<boolean>;
  edit: (comment: Comment, text: string) => Promise<boolean>;
  askDelete: (comment: Comment) => void;
  like: (comment: Comment) => void;
  /** A commenter's public profile page. */
  profileHref: (username: string) => string;
}

export interface CommentItemProps {
  comment: Comment;
  depth: number;
  actions: CommentThreadActions;
}

/** One comment with its actions and, under it, its replies (spec §4 Comments). */
export function CommentItem({ comment, depth, actions }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const { viewer } = actions;
  const username = comment.username ?? t.comments.unknownUser;
  const canManage = viewer !== null && !comment.deleted && (viewer.isAdmin || viewer.id === comment.user_id);
  const replying = actions.replyingTo === comment.id;
  const highlighted = actions.highlighted === comment.id;

  return (
    <li
      id={commentAnchor(comment.id)}
      className="flex scroll-mt-24 flex-col gap-2"
      data-comment-id={comment.id}
    >
      <article
        className={`flex flex-col gap-1 rounded-box p-3 transition-colors ${
          highlighted ? 'bg-primary/10 ring-2 ring-primary' : 'bg-base-200'
        }`}
        aria-label={comment.deleted ? COMMENT_MESSAGES.deletedText : username}
      >
        {comment.deleted ? (
          <p className="text-sm text-base-content/60 italic">{COMMENT_MESSAGES.deletedText}</p>
        ) : (
          <>
            <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
              {comment.username === null ? (
                <span className="font-semibold">{username}</span>
              ) : (
                <a href={actions.profileHref(comment.username)} className="link font-semibold" dir="auto">
                  {username}
                </a>
              )}
              <time
                dateTime={comment.created_at}
                title={formatExactDateTime(comment.created_at)}
                className="text-base-content/60"
              >
                {formatRelative(comment.created_at, actions.now)}
              </time>
              {comment.edited_at && (
                <span className="text-base-content/60" title={formatExactDateTime(comment.edited_at)}>
                  {t.comments.edited}
                </span>
              )}
            </header>
            {editing ? (
              <CommentForm
                label={t.comments.editLabel}
                submitLabel={t.comments.save}
                emptyMessage={COMMENT_MESSAGES.emptyEdit}
                initialText={comment.text}
                autoFocus
                onCancel={() => setEditing(false)}
                onSubmit={async (text) => {
                  const saved = await actions.edit(comment, text);
                  if (saved) setEditing(false);
                  return saved;
                }}
              />
            ) : (
              <p className="break-words whitespace-pre-wrap" dir="auto" data-testid="comment-text">
                {comment.text}
              </p>
            )}
            <CommentButtons
              comment={comment}
              actions={actions}
              canManage={canManage && !editing}
              replying={replying}
              onEdit={() => setEditing(true)}
            />
          </>
        )}
      </article>
      {replying && (
        <div className="ms-4">
          <CommentForm
            label={fmt(t.comments.replyLabel, { username })}
            placeholder={t.comments.replyPlaceholder}
            submitLabel={t.comments.send}
            emptyMessage={COMMENT_MESSAGES.emptyNew}
            rows={2}
            autoFocus
            onCancel={() => actions.openReply(null)}
            onSubmit={(text) => actions.reply(comment, text)}
          />
        </div>
      )}
      {comment.replies.length > 0 && (
        <ol
          className={`flex flex-col gap-2 ${depth < MAX_INDENT ? 'ms-3 border-s-2 border-base-300 ps-3 sm:ms-4' : ''}`}
          aria-label={fmt(t.comments.repliesTo, { username })}
        >
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} depth={depth + 1} actions={actions} />
          ))}
        </ol>
      )}
    </li>
  );
}

interface CommentButtonsProps {
  comment: Comment;
  actions: CommentThreadActions;
  canManage: boolean;
  replying: boolean;
  onEdit: () => void;
}

function CommentButtons({ comment, actions, canManage, replying, onEdit }: CommentButtonsProps) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      <button
        type="button"
        className={`btn btn-ghost btn-xs ${comment.liked ? 'text-secondary' : ''}`}
        aria-pressed={comment.liked}
        aria-label={`${t.comments.like} (${fmtCount(t.comments.likes, comment.likes)})`}
        disabled={actions.likeBusy.has(comment.id)}
        onClick={() => actions.like(comment)}
        data-testid="comment-like"
      >
        <span aria-hidden="true">{comment.liked ? '♥' : '♡'}</span>
        <span data-testid="comment-likes">{formatNumber(comment.likes)}</span>
      </button>
      {actions.viewer && (
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          aria-expanded={replying}
          onClick={() => actions.openReply(replying ? null : comment.id)}
        >
          {t.comments.reply}
        </button>
      )}
      {canManage && (
        <>
          <button type="button" className="btn btn-ghost btn-xs" onClick={onEdit}>
            {t.comments.edit}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-xs text-error"
            onClick={() => actions.askDelete(comment)}
          >
            {t.comments.delete}
          </button>
        </>
      )}
    </div>
  );
}
