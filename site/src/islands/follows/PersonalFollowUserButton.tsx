import FollowUserButton, { type FollowUserButtonProps } from './FollowUserButton';
import { UntilPageState, usePageState, type PublicDocumentProps } from '@/ui/page-state';

/** Follow a series' creator on a public document; the creator themself is offered nothing. */
export default function PersonalFollowUserButton({
  publicDocument,
  ...props
}: FollowUserButtonProps & PublicDocumentProps) {
  const state = usePageState();
  const viewer = state.ready ? state.viewer : null;
  if (viewer?.id === props.userId) return null;
  return (
    <UntilPageState publicDocument={publicDocument} ready={state.ready}>
      {viewer ? (
        <FollowUserButton
          key="reader"
          {...props}
          signedIn
          initialState={(state.ready && state.series?.creatorFollow) || undefined}
        />
      ) : (
        <FollowUserButton {...props} />
      )}
    </UntilPageState>
  );
}
