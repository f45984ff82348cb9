import SeriesActions, { type SeriesActionsProps } from './SeriesActions';
import { formatChapterNumber } from '@/lib/format/format';
import { withPageState } from '@/ui/page-state';

/** The chapter link with `__N__` for the chapter number (the resume link is built from it). */
export const CHAPTER_PLACEHOLDER = '__N__';

interface Props extends SeriesActionsProps {
  chapterHrefPattern: string;
}

function resumeHref(pattern: string, chapterNumber: number, page: number): string {
  const url = new URL(pattern.replace(CHAPTER_PLACEHOLDER, String(chapterNumber)), 'http://warraq.invalid');
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

/** The series page's favourite, rating and start/continue link, with the reader's own state. */
export default withPageState<Props>(SeriesActions, (props, { series }) => ({
  ...props,
  signedIn: true,
  isFavorite: series?.isFavorite ?? false,
  userRating: series?.userRating ?? null,
  resume: series?.progress
    ? {
        href: resumeHref(props.chapterHrefPattern, series.progress.chapterNumber, series.progress.page),
        chapterNumber: formatChapterNumber(series.progress.chapterNumber),
      }
    : props.resume,
}));
