import FollowSeriesButton from './FollowSeriesButton';
import { withPageState } from '@/ui/page-state';

/** Follow a series, as the reader of a public document (the island loads their follow state). */
export default withPageState(FollowSeriesButton, (props) => ({ ...props, signedIn: true }));
