import ShelfSelect from './ShelfSelect';
import { withPageState } from '@/ui/page-state';

/** The reader's shelf for a series on a public document (it comes with the page state). */
export default withPageState(ShelfSelect, (props, { series }) => ({
  ...props,
  signedIn: true,
  initialShelf: series ? series.shelf : undefined,
}));
