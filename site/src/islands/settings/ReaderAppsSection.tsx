import { Fragment, type ReactNode, useEffect, useId, useState } from 'react';
import { FEED_ROUTES, type ReadingSiteType, routePath } from '@warraq/contracts';
import { failureMessage } from '@/lib/api/api-error';
import { createFeedToken, fetchFeedToken, revokeFeedToken } from '@/lib/api/feeds';
import { showToast } from '@/stores/toasts';
import { fmt, formatDate, t } from '@/i18n';
import { ConfirmDialog } from '@/ui/ConfirmDialog';

/** Reader apps that speak OPDS, by their own names (not translated). */
const OPDS_APPS = ['KOReader', 'Panels', 'Moon+ Reader'];

type TokenState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'none' }
  | {
      kind: 'active';
      createdAt: string;
      lastUsedAt: string | null;
      /** Shown once, right after the token is made (only its hash is kept). */
      urls: { opds: string; updates: string } | null;
    };

/**
 * A field's label naming a feed format: the Arabic words, and the format's own name («RSS», «Atom»,
 * «OPDS», what feed readers call it) marked as English rather than passed off as Arabic (issue 15).
 */
function formatLabel(template: string, format: string): ReactNode {
  const [before, after = ''] = template.split('{format}');
  return (
    <>
      {before}
      <span lang="en" dir="ltr" translate="no">
        {format}
      </span>
      {after}
    </>
  );
}

function CopyField({ label, value }: { label: ReactNode; value: string }) {
  // The label names the field only: a label may hold one control, and the copy button is a second.
  const id = useId();
  return (
    <div className="form-control w-full">
      <label htmlFor={id} className="label-text mb-1 block text-sm">
        {label}
      </label>
      <span className="join w-full">
        <input
          id={id}
          className="input input-bordered join-item w-full font-mono text-xs"
          dir="ltr"
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="btn join-item"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(value)
              .then(() => showToast({ title: t.settings.readerApps.copied }));
          }}
        >
          {t.settings.readerApps.copy}
        </button>
      </span>
    </div>
  );
}

/**
 * «تطبيقات القراءة»: the OPDS catalog URL with the user's private token (shown once, when made: only
 * its hash is kept), regenerate and revoke, and the site's public RSS/Atom feeds (`type`: the
 * reading site's own). `origin` is a reading site's, never the dashboard's: feeds link to the
 * pages of the host they are fetched from.
 */
export default function ReaderAppsSection({ type, origin }: { type?: ReadingSiteType; origin: string }) {
  const [state, setState] = useState<TokenState>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const text = t.settings.readerApps;

  useEffect(() => {
    fetchFeedToken().then(
      (token) => setState(token ? { kind: 'active', ...token, urls: null } : { kind: 'none' }),
      (error: unknown) => setState({ kind: 'failed', message: failureMessage(error) }),
    );
  }, []);

  async function generate() {
    setBusy(true);
    try {
      const token = await createFeedToken();
      setState({
        kind: 'active',
        createdAt: token.createdAt,
        lastUsedAt: null,
        urls: {
          opds: `${origin}${token.opdsPath}`,
          updates: `${origin}${routePath(FEED_ROUTES.updatesFeed, { token: token.value, format: 'atom' })}`,
        },
      });
      showToast({ title: text.created });
    } catch (error) {
      showToast({ title: failureMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function revoke() {
    try {
      await revokeFeedToken();
      setState({ kind: 'none' });
      setConfirmRevoke(false);
      showToast({ title: text.revoked });
    } catch (error) {
      showToast({ title: failureMessage(error), variant: 'destructive' });
    }
  }

  // On a reading site, that site's type only.
  const latest = (format: 'rss' | 'atom') =>
    `${origin}${routePath(FEED_ROUTES.latestFeed, { format })}${type ? `?type=${type}` : ''}`;
  const rss = latest('rss');
  const atom = latest('atom');

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm opacity-80">
        {text.intro.split('{apps}').map((part, index) => (
          <Fragment key={part}>
            {index > 0 &&
              OPDS_APPS.map((app, at) => (
                <Fragment key={app}>
                  {at > 0 && text.appsSeparator}
                  <bdi translate="no">{app}</bdi>
                </Fragment>
              ))}
            {part}
          </Fragment>
        ))}
      </p>
      {state.kind === 'loading' && (
        <span role="status" className="loading loading-dots" aria-label={text.loading} />
      )}
      {state.kind === 'failed' && (
        <p role="alert" className="alert alert-error">
          {state.message}
        </p>
      )}
      {state.kind === 'none' && (
        <div className="flex flex-col items-start gap-2">
          <p>{text.none}</p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void generate()}>
            {busy ? text.busy : text.create}
          </button>
        </div>
      )}
      {state.kind === 'active' && (
        <div className="flex flex-col gap-3">
          <p className="text-sm">
            {fmt(text.activeSince, { date: formatDate(state.createdAt) })}{' '}
            {state.lastUsedAt ? fmt(text.lastUsed, { date: formatDate(state.lastUsedAt) }) : text.neverUsed}
          </p>
          {state.urls ? (
            <>
              <CopyField label={formatLabel(text.opdsUrl, 'OPDS')} value={state.urls.opds} />
              <CopyField label={formatLabel(text.updatesUrl, 'Atom')} value={state.urls.updates} />
              <p role="status" className="alert alert-warning text-sm">
                {text.shownOnce}
              </p>
            </>
          ) : (
            <p className="text-sm opacity-80">{text.hidden}</p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn" disabled={busy} onClick={() => void generate()}>
              {busy ? text.busy : text.regenerate}
            </button>
            <button
              type="button"
              className="btn btn-error btn-outline"
              onClick={() => setConfirmRevoke(true)}
            >
              {text.revoke}
            </button>
          </div>
        </div>
      )}
      <div className="flex flex-col gap-2 border-t border-base-300 pt-4">
        <h3 className="font-semibold">{text.publicFeeds}</h3>
        <CopyField label={formatLabel(text.latestUrl, 'RSS')} value={rss} />
        <CopyField label={formatLabel(text.latestUrl, 'Atom')} value={atom} />
      </div>
      <ConfirmDialog
        open={confirmRevoke}
        title={text.revokeTitle}
        labels={{ cancel: text.cancel, confirm: text.revoke, busy: text.busy }}
        onClose={() => setConfirmRevoke(false)}
        onConfirm={revoke}
      >
        <p>{text.revokeBody}</p>
      </ConfirmDialog>
    </div>
  );
}
