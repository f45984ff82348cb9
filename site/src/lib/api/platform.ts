import type { z } from 'zod';
import { AUTH_ROUTES, type ApiRoute, type ProfileResponse, type RouteAnswer } from '@warraq/contracts';
import { ApiError } from './api-error';
import { answerSchema, routeUrl, type RouteInput } from './client';
import type { RequestSite } from '@/lib/site/request';

/** Where the server side of the site reaches the platform directly (not through the edge). */
export const PLATFORM_URL = (process.env.WARRAQ_PLATFORM_INTERNAL_URL ?? 'http://127.0.0.1:3001').replace(
  /\/$/,
  '',
);
const TIMEOUT_MS = 5000;
export const SESSION_COOKIE = 'warraq_sid';

export interface ForwardedRequest {
  request: Request;
  site: RequestSite;
  clientAddress: string | undefined;
  /** Ask as a guest (a public document's data): the browser's cookie is not passed on. */
  anonymous?: boolean | undefined;
}

function forwardedHeaders({ request, site, clientAddress, anonymous }: ForwardedRequest): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const cookie = anonymous ? null : request.headers.get('cookie');
  if (cookie) headers.set('Cookie', cookie);
  const forwardedFor = request.headers.get('x-forwarded-for') ?? clientAddress;
  if (forwardedFor) headers.set('X-Forwarded-For', forwardedFor);
  headers.set('X-Forwarded-Host', site.host);
  headers.set('X-Forwarded-Proto', site.protocol);
  const userAgent = request.headers.get('user-agent');
  if (userAgent) headers.set('User-Agent', userAgent);
  return headers;
}

/**
 * A GET of a route of the table, straight to the platform on behalf of the browser's request (its
 * cookie forwarded), parsed with the route's response schema (or `answer`, a narrower one).
 */
export async function platformGet<
  R extends ApiRoute & { method: 'get' },
  A extends z.ZodType<RouteAnswer<R>> = z.ZodType<RouteAnswer<R>>,
>(
  route: R,
  input: RouteInput<R>,
  forwarded: ForwardedRequest,
  options: { answer?: A } = {},
): Promise<z.output<A>> {
  const path = routeUrl(route, input);
  let response: Response;
  try {
    response = await fetch(`${PLATFORM_URL}${path}`, {
      headers: forwardedHeaders(forwarded),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    console.error(
      `[site] platform unreachable: GET ${path}:`,
      error instanceof Error ? error.message : error,
    );
    throw new ApiError(0, 'platform unreachable');
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  const parsed = (options.answer ?? answerSchema(route)).safeParse(
    await response.json().catch(() => undefined),
  );
  if (!parsed.success) {
    console.error(`[site] unexpected answer from GET ${path}:`, parsed.error.issues.slice(0, 3));
    throw new ApiError(response.status, 'invalid answer');
  }
  return parsed.data as z.output<A>;
}

export function hasSessionCookie(request: Request): boolean {
  const cookie = request.headers.get('cookie') ?? '';
  return cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

/**
 * The session's user as the platform sees it. Only asked when the session cookie is present; a 401
 * or an unreachable platform count as signed out (the latter is logged).
 */
export type ProfileLookup =
  | { kind: 'signedIn'; profile: ProfileResponse }
  | { kind: 'signedOut' }
  /** The platform answered 200 without a usable user. */
  | { kind: 'noUserData' };

export async function fetchProfile(forwarded: ForwardedRequest): Promise<ProfileLookup> {
  if (!hasSessionCookie(forwarded.request)) return { kind: 'signedOut' };
  try {
    return {
      kind: 'signedIn',
      profile: await platformGet(AUTH_ROUTES.profile, {}, forwarded),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 200) return { kind: 'noUserData' };
    if (error instanceof ApiError && error.status !== 401 && error.status !== 403) {
      console.error(`[site] profile lookup failed (${error.status}); treating the request as signed out`);
    }
    return { kind: 'signedOut' };
  }
}
