import type { Role } from '@warraq/contracts';
import type { Request } from 'express';

/**
 * Who a request comes from, as the guard resolved it: the few facts access decisions and callers
 * need. A service that needs more of the account (e-mail, preferences, the password hash) loads it.
 */
export interface AuthUser {
  readonly id: number;
  readonly username: string;
  readonly role: Role;
}

export interface RequestAuth {
  user: AuthUser | null;
  /** sha256 of the session id the request carried, when it named a live session. */
  sessionHash: string | null;
  /** sha256 of the bearer token the request carried, when it named a live token. */
  tokenHash: string | null;
}

/**
 * Whom a live session or bearer token names, before the account is read: what a route that reads
 * the account in its own statement starts from (the page state, modules/reactions/page-state.route.ts).
 * Not an identity: the account may be gone, and its role is whatever that statement reads.
 */
export interface SessionClaim {
  readonly userId: number;
  /** sha256 of the session id, when a session named the user. */
  readonly sessionHash: string | null;
  /** sha256 of the bearer token, when a token named the user. */
  readonly tokenHash: string | null;
}

export type AuthenticatedRequest = Request & { auth: RequestAuth };

export const ANONYMOUS: RequestAuth = Object.freeze({ user: null, sessionHash: null, tokenHash: null });

/** The identity part of an account (never the entity itself: it carries the password hash). */
export function authUserOf(user: { id: number; username: string; role: Role }): AuthUser {
  return Object.freeze({ id: user.id, username: user.username, role: user.role });
}
