import CommentsSection from './CommentsSection';
import { withPageState } from '@/ui/page-state';

/** A public document's comments, written as the reader (and deleted as staff where they are). */
export default withPageState(
  CommentsSection,
  (props, { viewer }) => ({ ...props, viewer: { id: viewer.id, isAdmin: viewer.isAdmin } }),
  { remount: false },
);
