import type { AstroGlobal } from 'astro';
import type { ForwardedRequest } from './platform';

/** The browser's request as the platform should see it, from a page. */
export function forwardedFrom(astro: AstroGlobal): ForwardedRequest {
  let clientAddress: string | undefined;
  try {
    clientAddress = astro.clientAddress;
  } catch {
    clientAddress = undefined;
  }
  return {
    request: astro.request,
    site: astro.locals.site,
    clientAddress,
    anonymous: astro.locals.publicDocument,
  };
}
