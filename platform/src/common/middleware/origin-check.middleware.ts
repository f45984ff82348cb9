import { AUTH_MESSAGES } from '@warraq/contracts';
import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../filters/api-exception.filter';
import { isForeignRequest } from '../http/request-host';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence in depth (cookies are SameSite=Lax too): a state-changing request from a browser page
 * of another site is refused before any handler runs. Requests without Origin (API clients) pass.
 */
export function originCheckMiddleware(baseDomain: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (
      UNSAFE_METHODS.has(req.method) &&
      isForeignRequest(req.headers, req.socket.remoteAddress, baseDomain)
    ) {
      res.status(403).json(errorBody(403, AUTH_MESSAGES.foreignOrigin));
      return;
    }
    next();
  };
}
