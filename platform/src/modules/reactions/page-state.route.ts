import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  GUEST_PAGE_STATE,
  ME_ROUTES,
  isAdminRole,
  isStaffRole,
  type PageStateResponse,
} from '@warraq/contracts';
import type { Request, Response } from 'express';
import type { IncomingHttpHeaders } from 'node:http';
import { answerApiError } from '../../common/filters/api-exception.filter';
import { parseWithSchema } from '../../common/http/route-input';
import { IdentityService } from '../auth/identity.service';
import { withDefaultPreferences } from '../users/user.mapper';
import { ReactionsService } from './reactions.service';

/**
 * The personal part of a public page in one call, in as few round trips as the answer allows: the
 * session (Redis) is resolved without reading the account, and one statement reads the account's
 * identity and role beside the reader's own part (unread count, reading mode, preferences) and, on a
 * series or chapter page, their whole state on the series (on a series page, their pending chapters
 * only when it says there are any). The role is the account's as of that statement: a role change or
 * a deleted account counts at once.
 *
 * Every signed-in view of a public document makes this call, so it is served ahead of Nest's router
 * (app.setup.ts), as a public route may be: it has no access rule to enforce, and it resolves whom the
 * session names itself. Through Nest's pipeline (the router's walk past the routes ahead of it, the
 * ORM's per-request fork, guard, pipes, the answer's ETag) a series page's call cost the platform
 * 315 µs of CPU, and 147 µs served here (bench/README.md, "Session 20"). The query is parsed with
 * the route's schema and errors are answered as the exception filter answers them.
 */
@Injectable()
export class PageStateRoute {
  static readonly route = ME_ROUTES.pageState;

  constructor(
    private readonly reactions: ReactionsService,
    private readonly identity: IdentityService,
    private readonly orm: MikroORM,
  ) {}

  readonly handle = (req: Request, res: Response): void => {
    const answer = () => this.answer(req.headers, req.query);
    // A bearer token is read through the entity manager, which needs a request context of its own; a
    // session (Redis) and the page state's statements (prepared, or run by `execute`) need none.
    const answered = req.headers.authorization ? RequestContext.create(this.orm.em, answer) : answer();
    answered.then(
      (body) => {
        // Never stored, and no ETag: an answer that is never kept is never revalidated.
        res.setHeader('Cache-Control', 'private, no-store');
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(JSON.stringify(body));
      },
      (error: unknown) => answerApiError(error, res),
    );
  };

  async answer(headers: IncomingHttpHeaders, query: unknown): Promise<PageStateResponse> {
    const { contentId, chapterId } = parseWithSchema(PageStateRoute.route.query, query);
    const claim = await this.identity.resolveClaim(headers);
    if (!claim) return GUEST_PAGE_STATE;
    const found = await this.reactions.pageState(claim.userId, contentId, chapterId);
    if (!found) {
      await this.identity.forget(claim);
      return GUEST_PAGE_STATE;
    }
    const { actor, own, state } = found;
    const { numerals, novelReader } = withDefaultPreferences({
      numerals: own.numerals ?? undefined,
      novelReader: own.novel_reader ?? undefined,
    });
    const isAdmin = isAdminRole(actor.role);
    return {
      success: true,
      viewer: {
        id: actor.id,
        username: actor.username,
        role: actor.role,
        isAdmin,
        isStaff: isAdmin || isStaffRole(actor.role),
        numerals,
        novelReader,
      },
      unread: own.unread,
      series: state,
    };
  }
}
