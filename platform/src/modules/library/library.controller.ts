import { Controller } from '@nestjs/common';
import { CONTENT_ROUTES, type ProgressInput, type ProgressResponse } from '@warraq/contracts';
import { RouteBody } from '../../common/http/route-input';
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
}
