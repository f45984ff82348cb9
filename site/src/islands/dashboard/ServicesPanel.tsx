import type { ReactNode } from 'react';
import type { ComponentHealth, HealthResponse } from '@warraq/contracts';
import { fmt, formatNumber, t } from '@/i18n';
import { usePolledQuery } from '@/lib/query';
import { DASHBOARD_KEYS, fetchHealth } from '@/lib/system/dashboard-queries';
import { formatDateTime } from '@/lib/format/format';
import { HealthBadge } from './HealthBadge';
import { QueryError } from '@/ui/QueryError';

const text = t.dashboard.services;

function latency(ms: number | null): string {
  return ms === null ? text.noAnswer : fmt(text.latencyValue, { ms: formatNumber(Math.round(ms)) });
}

/** The platform component's Arabic name where one is known (the probe's name otherwise). */
function componentName(name: string): string {
  const names: Record<string, string> = text.components;
  return names[name] ?? name;
}

function Tile({
  name,
  health,
  children,
  testId,
}: {
  name: string;
  health: ComponentHealth;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <li
      className="flex min-w-0 flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-3"
      data-testid={testId}
    >
      <div className="flex items-start justify-between gap-2">
        <span className="min-w-0 font-semibold break-words" dir="auto">
          {name}
        </span>
        <HealthBadge status={health.status} />
      </div>
      {children}
      <p className="text-xs">
        {text.latency}: <span>{latency(health.latencyMs)}</span>
      </p>
      {health.detail && (
        <p className="text-xs break-words opacity-70" dir="auto">
          {health.detail}
        </p>
      )}
    </li>
  );
}

function QueueLine({ queue }: { queue: HealthResponse['queue'] }) {
  return (
    <p className="text-xs opacity-80">
      {fmt(text.queue, {
        waiting: formatNumber(queue.waiting),
        imageCopies: formatNumber(queue.imageCopies),
        active: formatNumber(queue.active),
        failed: formatNumber(queue.failed),
        delayed: formatNumber(queue.delayed),
      })}
    </p>
  );
}

/**
 * Spec §2 Microservices Architecture: a tile per registered service with the health its probe
 * found, then the platform's own components (database, Redis, queue depth, worker, storage).
 */
export default function ServicesPanel() {
  const health = usePolledQuery(DASHBOARD_KEYS.health, fetchHealth);
  const data = health.data;
  const checked = formatDateTime(data?.checkedAt);
  return (
    <section
      className="card border border-base-300 bg-base-200/40"
      aria-labelledby="services-panel-title"
      aria-busy={health.isLoading}
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="services-panel-title" className="card-title">
            {text.heading}
          </h2>
          {data && (
            <p className="flex items-center gap-2 text-xs">
              <span>{text.overall}:</span>
              <HealthBadge status={data.status} />
              {checked && (
                <span className="opacity-70">
                  {text.checkedAt}: {checked}
                </span>
              )}
            </p>
          )}
        </div>
        {health.status === 'error' && (
          <QueryError error={health.error} onRetry={() => void health.refetch()} />
        )}
        {health.isLoading && (
          <span role="status" className="loading loading-spinner" aria-label={t.common.loading} />
        )}
        {data && (
          <>
            <div className="flex flex-col gap-2">
              <h3 className="font-semibold">{text.registered}</h3>
              {data.services.length === 0 ? (
                <p className="text-sm opacity-70">{text.empty}</p>
              ) : (
                <ul
                  className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3"
                  aria-label={text.registered}
                >
                  {data.services.map((service) => (
                    <Tile key={service.id} name={service.name} health={service} testId="service-tile">
                      <p className="truncate text-xs opacity-70" dir="ltr" title={service.url}>
                        {service.url}
                      </p>
                      <p className="text-xs">
                        {text.configured}: {text.configuredStatus[service.configured]}
                      </p>
                    </Tile>
                  ))}
                </ul>
              )}
            </div>
            <div className="flex flex-col gap-2">
              <h3 className="font-semibold">{text.platform}</h3>
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label={text.platform}>
                {data.components.map((component) => (
                  <Tile
                    key={component.name}
                    name={componentName(component.name)}
                    health={component}
                    testId="component-tile"
                  >
                    {component.name === 'queue' && <QueueLine queue={data.queue} />}
                  </Tile>
                ))}
              </ul>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
