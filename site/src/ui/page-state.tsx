import type { ComponentType, ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { PageSeriesState, PageViewer } from '@warraq/contracts';
import { $pageState } from '@/stores/page-state';
import { useHydrated } from '@/ui/use-hydrated';

export interface SignedInState {
  viewer: PageViewer;
  unread: number;
  series: PageSeriesState | null;
}

export interface PublicDocumentProps {
  /**
   * Rendered in a public document: until the page state has answered, the island is inert (a click
   * cannot act with a guest's state on a reader's behalf, or the reverse).
   */
  publicDocument?: boolean | undefined;
}

/**
 * The page state as this island may use it: none on the first render, which hydrates the server's
 * HTML (a guest's), then the store's.
 */
export function usePageState() {
  const hydrated = useHydrated();
  const state = useStore($pageState);
  return hydrated ? state : ({ ready: false } as const);
}

/** `children` made inert in a hydrated public document until the page state has answered. */
export function UntilPageState({
  publicDocument,
  ready,
  children,
}: PublicDocumentProps & { ready: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  if (!publicDocument) return children;
  // A box of its own (not `display: contents`): a `client:visible` island is hydrated when its
  // first element intersects the screen, which a box-less element never does. Inert only once
  // hydrated: the server's HTML stays usable as it is (its links work with JavaScript off).
  return <div inert={hydrated && !ready}>{children}</div>;
}

/**
 * An island of a public document as the reader sees it: a guest's props until the page state says
 * who is reading, then the island again (remounted once, unless `remount` is false) with the
 * reader's props.
 */
export function withPageState<P extends object>(
  Component: ComponentType<P>,
  personalise: (props: P, state: SignedInState) => P,
  /** False for an island that takes new props as they come (nothing of them kept in its state). */
  { remount = true }: { remount?: boolean } = {},
): ComponentType<P & PublicDocumentProps> {
  function Personalised({ publicDocument, ...rest }: P & PublicDocumentProps) {
    const props = rest as P;
    const state = usePageState();
    return (
      <UntilPageState publicDocument={publicDocument} ready={state.ready}>
        {state.ready && state.viewer ? (
          <Component
            key={remount ? 'reader' : undefined}
            {...personalise(props, { viewer: state.viewer, unread: state.unread, series: state.series })}
          />
        ) : (
          <Component {...props} />
        )}
      </UntilPageState>
    );
  }
  Personalised.displayName = `Personalised(${Component.displayName ?? Component.name})`;
  return Personalised;
}
