import { Controller, Get, Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Public } from '../../common/decorators/access.decorators';

@Controller('system')
export class SystemController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The build's version, shown in the site footer and API docs panel. */
  @Get('version')
  @Public()
  version(): { version: string } {
    return { version: this.config.version };
  }

  /** Liveness for start-up scripts: answers as soon as the HTTP server is up. */
  @Get('ping')
  @Public()
  ping(): { ok: true } {
    return { ok: true };
  }
}
