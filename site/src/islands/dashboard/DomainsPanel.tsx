import type { Domain } from '@warraq/contracts';
import { t } from '@/i18n';
import { PrimaryDomainCard, splitDomains } from '@/ui/PrimaryDomain';
import { QueryView } from '@/ui/QueryView';
import { usePolledQuery } from '@/lib/query';
import { DASHBOARD_KEYS, fetchDomains } from '@/lib/system/dashboard-queries';

const text = t.dashboard.domains;

function StatusBadge({ domain }: { domain: Domain }) {
  const active = domain.status === 'active';
  return (
    <span className={`badge badge-sm ${active ? 'badge-success' : 'badge-ghost'}`}>
      {active ? text.active : text.inactive}
    </span>
  );
}

interface DomainsPanelProps {
  /** The domains page with its add dialog open. */
  addSubdomainHref: string;
}

/** Spec §2 Domain Management (admins): the primary domain, the subdomains, Add Subdomain. */
export default function DomainsPanel({ addSubdomainHref }: DomainsPanelProps) {
  const domains = usePolledQuery(DASHBOARD_KEYS.domains, fetchDomains);
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="domains-panel-title">
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="domains-panel-title" className="card-title">
            {text.heading}
          </h2>
          <a href={addSubdomainHref} className="btn btn-sm btn-primary">
            {text.addSubdomain}
          </a>
        </div>
        <QueryView query={domains} loadingLabel={text.loading}>
          {(data) => {
            const { primary, subdomains } = splitDomains(data.data);
            return (
              <>
                <PrimaryDomainCard primary={primary} heading="h3">
                  {primary && <StatusBadge domain={primary} />}
                </PrimaryDomainCard>
                <div className="flex flex-col gap-2">
                  <h3 className="font-semibold">{text.subdomains}</h3>
                  {subdomains.length === 0 ? (
                    <p className="text-sm opacity-70">{text.empty}</p>
                  ) : (
                    <ul className="divide-y divide-base-300" aria-label={text.subdomains}>
                      {subdomains.map((domain) => (
                        <li
                          key={domain.id}
                          className="flex flex-wrap items-center justify-between gap-2 py-2"
                        >
                          <span className="min-w-0 font-medium break-all" dir="ltr">
                            {domain.name}
                          </span>
                          <span className="flex flex-wrap items-center gap-2 text-xs">
                            <span className="opacity-70" dir="auto">
                              {text.service}: {domain.service_name ?? text.noService}
                            </span>
                            <span className="badge badge-outline badge-sm">
                              {text.ssl}: {t.systemAdmin.domains.sslLabels[domain.ssl_status]}
                            </span>
                            <StatusBadge domain={domain} />
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </>
            );
          }}
        </QueryView>
      </div>
    </section>
  );
}
