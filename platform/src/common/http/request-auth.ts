import type { Request } from 'express';
import type { User } from '../../modules/users/user.entity';

export interface RequestAuth {
  user: User | null;
  /** sha256 of the session id the request carried, when it named a live session. */
  sessionHash: string | null;
  /** sha256 of the bearer token the request carried, when it named a live token. */
  tokenHash: string | null;
}

export type AuthenticatedRequest = Request & { auth: RequestAuth };

export const ANONYMOUS: RequestAuth = Object.freeze({ user: null, sessionHash: null, tokenHash: null });
