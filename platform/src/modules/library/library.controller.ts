import { Controller } from '@nestjs/common';
import {
  CONTENT_ROUTES,
  LIBRARY_ROUTES,
  type HistoryChangeResponse,
  type HistoryClearQuery,
  type LibraryListQuery,
  type ProgressInput,
  type ProgressResponse,
  type ReadingListResponse,
  type ReadMarkBody,
  type ReadMarkersResponse,
} from '@warraq/contracts';
import { RouteBody, RouteParams, RouteQuery } from '../../common/http/route-input';
import { CurrentUser } from '../auth/current-auth.decorator';
import type { AuthUser } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { LibraryService } from './library.service';

@Controller()
export class LibraryController {
  constructor(private readonly library: LibraryService) {}

  @Route(CONTENT_ROUTES.progress)
  progress(@CurrentUser() actor: AuthUser, @RouteBody() body: ProgressInput): Promise<ProgressResponse> {
    return this.library.saveProgress(actor, body);
  }

  @Route(LIBRARY_ROUTES.shelves)
  shelves(
    @CurrentUser() actor: AuthUser,
    @RouteQuery() query: LibraryListQuery,
  ): Promise<ReadingListResponse> {
    return this.library.list(actor, 'shelves', query);
  }

  @Route(LIBRARY_ROUTES.history)
  history(
    @CurrentUser() actor: AuthUser,
    @RouteQuery() query: LibraryListQuery,
  ): Promise<ReadingListResponse> {
    return this.library.list(actor, 'history', query);
  }

  @Route(LIBRARY_ROUTES.removeHistory)
  removeHistory(
    @CurrentUser() actor: AuthUser,
    @RouteParams() params: { id: number },
  ): Promise<HistoryChangeResponse> {
    return this.library.removeHistory(actor, params.id);
  }

  @Route(LIBRARY_ROUTES.clearHistory)
  clearHistory(
    @CurrentUser() actor: AuthUser,
    @RouteQuery() query: HistoryClearQuery,
  ): Promise<HistoryChangeResponse> {
    return this.library.clearHistory(actor, query);
  }

  @Route(LIBRARY_ROUTES.readMarkers)
  readMarkers(
    @CurrentUser() actor: AuthUser,
    @RouteParams() params: { id: number },
  ): Promise<ReadMarkersResponse> {
    return this.library.readMarkers(actor, params.id);
  }

  @Route(LIBRARY_ROUTES.markRead)
  markRead(
    @CurrentUser() actor: AuthUser,
    @RouteParams() params: { id: number },
    @RouteBody() body: ReadMarkBody,
  ): Promise<ReadMarkersResponse> {
    return this.library.markRead(actor, params.id, body);
  }
}
