import { useDeferredValue, useMemo, useState } from 'react';
import { SYSTEM_ROUTES } from '@warraq/contracts';
import { fmt, fmtCount, t } from '@/i18n';
import { api } from '@/lib/api/client';
import { formatVersion } from '@/lib/format/format';
import { usePolledQuery } from '@/lib/query';
import { DASHBOARD_KEYS } from '@/lib/system/dashboard-queries';
import {
  filterDocs,
  readApiDocs,
  type ApiDocs as Docs,
  type DocEndpoint,
  type DocParam,
  type JsonSchema,
} from './openapi';
import { QueryError } from '@/ui/QueryError';
import { SchemaView } from './SchemaView';

const text = t.dashboard.docs;

const METHOD_CLASS: Record<DocEndpoint['method'], string> = {
  get: 'badge-info',
  post: 'badge-success',
  put: 'badge-warning',
  patch: 'badge-warning',
  delete: 'badge-error',
};

async function fetchDocs(): Promise<Docs> {
  const raw = await api(SYSTEM_ROUTES.openapi);
  const docs = readApiDocs(raw);
  if (!docs) throw new Error(t.errors.invalidAnswer);
  return docs;
}

function Params({
  title,
  params,
  components,
}: {
  title: string;
  params: DocParam[];
  components: Record<string, JsonSchema>;
}) {
  return (
    <div>
      <h4 className="text-xs font-bold opacity-80">{title}</h4>
      {params.length === 0 ? (
        <p className="text-xs opacity-60">{text.noParams}</p>
      ) : (
        <SchemaView
          components={components}
          schema={{
            type: 'object',
            properties: Object.fromEntries(
              params.map((param) => [
                param.name,
                { ...(param.schema ?? {}), ...(param.description ? { description: param.description } : {}) },
              ]),
            ),
            required: params.filter((param) => param.required).map((param) => param.name),
          }}
        />
      )}
    </div>
  );
}

function Endpoint({
  endpoint,
  components,
}: {
  endpoint: DocEndpoint;
  components: Record<string, JsonSchema>;
}) {
  return (
    <details className="group rounded-box border border-base-300 bg-base-100" data-testid="api-endpoint">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-2 p-3 [&::-webkit-details-marker]:hidden">
        <span
          className={`badge badge-sm w-16 font-mono uppercase ${METHOD_CLASS[endpoint.method]}`}
          dir="ltr"
        >
          {endpoint.method}
        </span>
        <code dir="ltr" className="min-w-0 break-all text-sm font-semibold">
          {endpoint.path}
        </code>
        {endpoint.summary && (
          // The OpenAPI document's words are Arabic, written in contracts/ beside each route.
          <span className="min-w-0 text-xs opacity-75">{endpoint.summary}</span>
        )}
      </summary>
      <div className="flex flex-col gap-3 border-t border-base-300 p-3">
        <div className="flex flex-wrap gap-x-6 gap-y-1 text-xs">
          <p>
            <span className="font-bold">{text.access}: </span>
            {endpoint.access ? text.accessLevels[endpoint.access] : '—'}
          </p>
        </div>
        {endpoint.description && (
          <div>
            <h4 className="text-xs font-bold opacity-80">{text.description}</h4>
            <p className="text-sm">{endpoint.description}</p>
          </div>
        )}
        <Params title={text.pathParams} params={endpoint.pathParams} components={components} />
        <Params title={text.queryParams} params={endpoint.queryParams} components={components} />
        <div data-testid="api-request-body">
          <h4 className="text-xs font-bold opacity-80">{text.requestBody}</h4>
          {endpoint.requestBody ? (
            <SchemaView schema={endpoint.requestBody} components={components} />
          ) : (
            <p className="text-xs opacity-60">{text.noParams}</p>
          )}
        </div>
        <div data-testid="api-response">
          <h4 className="text-xs font-bold opacity-80">
            {text.response}
            {endpoint.response && (
              <span className="ms-2 font-mono" dir="ltr">
                {endpoint.response.status}
              </span>
            )}
          </h4>
          {endpoint.response?.schema ? (
            <SchemaView schema={endpoint.response.schema} components={components} />
          ) : (
            <p className="text-xs opacity-60" dir="auto">
              {endpoint.response?.description ?? text.noParams}
            </p>
          )}
        </div>
      </div>
    </details>
  );
}

/**
 * Spec §2 API Documentation, generated: every platform endpoint from the OpenAPI document built
 * from `contracts/`, grouped by area, each expandable to its access rule, params, body and response.
 */
export default function ApiDocs() {
  // The document changes only with a deploy: fetched once, refreshed by Refresh Data.
  const docs = usePolledQuery(DASHBOARD_KEYS.openapi, fetchDocs, { intervalMs: false });
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const groups = useMemo(() => filterDocs(docs.data?.groups ?? [], deferred), [docs.data, deferred]);
  const total = groups.reduce((sum, group) => sum + group.endpoints.length, 0);
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="api-docs-title">
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="api-docs-title" className="card-title">
            {text.heading}
          </h2>
          {docs.data && <span className="badge badge-ghost">{fmtCount(text.count, total)}</span>}
        </div>
        {docs.data && (
          <p className="text-sm opacity-75">
            {fmt(text.intro, {
              version: docs.data.version === null ? '—' : formatVersion(docs.data.version),
            })}
          </p>
        )}
        {docs.status === 'error' && <QueryError error={docs.error} onRetry={() => void docs.refetch()} />}
        {docs.isLoading && (
          <span role="status" className="loading loading-spinner" aria-label={t.common.loading} />
        )}
        {docs.data && (
          <>
            <label className="input w-full max-w-md">
              <span className="sr-only">{text.filter}</span>
              <input
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={text.filterPlaceholder}
                aria-label={text.filter}
              />
            </label>
            {groups.length === 0 && <p className="text-sm opacity-70">{text.noMatch}</p>}
            {groups.map((group) => (
              <section key={group.tag} aria-label={group.title} className="flex flex-col gap-2">
                <h3 className="font-semibold">{group.title}</h3>
                {group.endpoints.map((endpoint) => (
                  <Endpoint key={endpoint.id} endpoint={endpoint} components={docs.data?.components ?? {}} />
                ))}
              </section>
            ))}
          </>
        )}
      </div>
    </section>
  );
}
