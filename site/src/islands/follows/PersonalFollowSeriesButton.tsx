import FollowSeriesButton from './FollowSeriesButton';
import { withPageState } from '@/ui/page-state';

/** Follow a series, as the reader of a public document (their follow state comes with the page state). */
export default withPageState(FollowSeriesButton, (props, { series }) => ({
  ...props,
  signedIn: true,
  initialState: series?.follow,
}));
