import NovelChapterActions from './NovelChapterActions';
import { withPageState } from '@/ui/page-state';

/** The text reader's buttons on a public document: the reader's like and favourite, staff's controls. */
export default withPageState(NovelChapterActions, (props, { viewer, series }) => ({
  ...props,
  signedIn: true,
  canModerate: viewer.isStaff,
  isLiked: series?.isLiked ?? false,
  isFavorite: series?.isFavorite ?? false,
}));
