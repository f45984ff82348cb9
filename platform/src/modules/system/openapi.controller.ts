import { Controller, Inject } from '@nestjs/common';
import { buildOpenApiDocument, type OpenApiDocument, SYSTEM_ROUTES } from '@warraq/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Route } from '../auth/route.decorator';

/** The API's OpenAPI 3.1 document, generated from the contracts the routes validate with. */
@Controller()
export class OpenApiController {
  private document: OpenApiDocument | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Built on first use and kept: it depends only on the contracts and version of this build. */
  @Route(SYSTEM_ROUTES.openapi)
  openapi(): OpenApiDocument {
    return (this.document ??= buildOpenApiDocument(this.config.version));
  }
}
