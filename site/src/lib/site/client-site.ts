import type { SiteType } from '@warraq/contracts';
import type { RequestSite } from './request';

/** The part of the request's site context that islands need (serialisable props, no secrets). */
export interface ClientSite {
  siteType: SiteType;
  keepSubdomain: boolean;
  host: string;
  origin: string;
  baseDomain: string;
  /** Origin for absolute dashboard links, '' when /dashboard on this origin already reaches it. */
  dashboardOrigin: string;
}

export function toClientSite(site: RequestSite, baseDomain: string): ClientSite {
  return {
    siteType: site.context.siteType,
    keepSubdomain: site.keepSubdomain,
    host: site.host,
    origin: site.origin,
    baseDomain,
    dashboardOrigin: site.context.source === 'host' ? site.origins.dashboard : '',
  };
}
