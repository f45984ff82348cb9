import { Controller, HttpCode, Post } from '@nestjs/common';
import { ProgressBodySchema, type ProgressInput, type ProgressResponse } from '@warraq/contracts';
import { Authenticated } from '../../common/decorators/access.decorators';
import { CurrentUser } from '../../common/decorators/current-auth.decorator';
import { ZodBody } from '../../common/pipes/zod-validation.pipe';
import type { User } from '../users/user.entity';
import { LibraryService } from './library.service';

@Controller('content')
export class LibraryController {
  constructor(private readonly library: LibraryService) {}

  @Post('progress')
  @Authenticated()
  @HttpCode(200)
  progress(
    @CurrentUser() actor: User,
    @ZodBody(ProgressBodySchema) body: ProgressInput,
  ): Promise<ProgressResponse> {
    return this.library.saveProgress(actor, body);
  }
}
