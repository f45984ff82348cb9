import { lazy, Suspense, useState } from 'react';
import type { ModerationStatus } from '@warraq/contracts';
import { t } from '@/i18n';
import { ChapterReactions } from './ChapterReactions';

// Only staff ever load the moderation controls.
const ReaderModeration = lazy(() => import('./ReaderModeration'));

export interface NovelChapterActionsProps {
  contentId: number;
  chapterId: number;
  /** The chapter as the moderation dialog names it («{series} - الفصل {n}»). */
  title: string;
  likes: number;
  moderationStatus: ModerationStatus;
  seriesHref: string;
  signedIn: boolean;
  /** Staff: the accept / reject / delete buttons (the server checks again). */
  canModerate: boolean;
  isLiked: boolean;
  isFavorite: boolean;
}

/**
 * The text reader's only React island: the image reader's like, favourite, share and moderator
 * buttons, around a chapter whose text the server rendered.
 */
export default function NovelChapterActions(props: NovelChapterActionsProps) {
  const [status, setStatus] = useState(props.moderationStatus);
  return (
    <div className="flex flex-col gap-2">
      {status === 'pending' && <span className="badge badge-warning">{t.reader.pending}</span>}
      {props.canModerate && (
        <Suspense>
          <ReaderModeration
            target={{ id: props.chapterId, contentType: 'chapter', title: props.title, status }}
            seriesHref={props.seriesHref}
            onStatus={setStatus}
          />
        </Suspense>
      )}
      <ChapterReactions
        contentId={props.contentId}
        chapterId={props.chapterId}
        likes={props.likes}
        signedIn={props.signedIn}
        isLiked={props.isLiked}
        isFavorite={props.isFavorite}
      />
    </div>
  );
}
