import ChapterReader from './ChapterReader';
import { withPageState } from '@/ui/page-state';

/** The image reader of a public document: the reader's like, favourite, saved mode and staff controls. */
export default withPageState(ChapterReader, (props, { viewer, series }) => ({
  ...props,
  signedIn: true,
  canModerate: viewer.isStaff,
  initialMode: series?.readingMode ?? props.initialMode,
  modeSaved: series?.readingMode != null,
  isLiked: series?.isLiked ?? false,
  isFavorite: series?.isFavorite ?? false,
}));
