import SeriesActions, { type SeriesActionsProps } from './SeriesActions';
import { formatChapterNumber } from '@/lib/format/format';
import { chapterHrefFrom } from '@/lib/site/chapter-href';
import { withPageState } from '@/ui/page-state';

interface Props extends SeriesActionsProps {
  chapterHrefPattern: string;
}

/** The series page's favourite, rating and start/continue link, with the reader's own state. */
export default withPageState<Props>(SeriesActions, (props, { series }) => ({
  ...props,
  signedIn: true,
  isFavorite: series?.isFavorite ?? false,
  userRating: series?.userRating ?? null,
  resume: series?.progress
    ? {
        href: chapterHrefFrom(props.chapterHrefPattern, series.progress.chapterNumber, {
          page: String(series.progress.page),
        }),
        chapterNumber: formatChapterNumber(series.progress.chapterNumber),
      }
    : props.resume,
}));
