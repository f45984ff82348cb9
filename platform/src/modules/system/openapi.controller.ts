import { Controller, Get, Inject } from '@nestjs/common';
import { buildOpenApiDocument, type OpenApiDocument } from '@warraq/contracts';
import { Public } from '../../common/decorators/access.decorators';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** The API's OpenAPI 3.1 document, generated from the contracts the routes validate with. */
@Controller('system')
export class OpenApiController {
  private document: OpenApiDocument | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Built on first use and kept: it depends only on the contracts and version of this build. */
  @Get('openapi')
  @Public()
  openapi(): OpenApiDocument {
    return (this.document ??= buildOpenApiDocument(this.config.version));
  }
}
