import ShelfSelect from './ShelfSelect';
import { withPageState } from '@/ui/page-state';

/** The reader's shelf for a series on a public document (the island loads it). */
export default withPageState(ShelfSelect, (props) => ({ ...props, signedIn: true }));
