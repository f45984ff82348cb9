import { EntityManager } from '@mikro-orm/postgresql';
import { Global, Inject, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { createMediaStorage } from './create-media-storage';
import { LedgeredMediaStorage } from './ledgered-media.storage';
import { MEDIA_DRIVER, MediaCollector } from './media-collector';
import { MediaClaimsRepository } from './media-claims.repository';
import { MediaObjectRepository } from './media-object.repository';
import { MediaStorage, setMediaBaseUrl } from './media-storage';

/**
 * The media store and the public media address, without the HTTP side: the API process gets it
 * through MediaModule, the worker imports it on its own. Every put and delete goes through the
 * ledger, whatever the driver.
 */
@Global()
@Module({
  providers: [
    {
      provide: MediaObjectRepository,
      inject: [EntityManager],
      useFactory: (em: EntityManager) => new MediaObjectRepository(em),
    },
    { provide: MEDIA_DRIVER, inject: [APP_CONFIG], useFactory: createMediaStorage },
    {
      provide: MediaStorage,
      inject: [MEDIA_DRIVER, MediaObjectRepository],
      useFactory: (driver: MediaStorage, ledger: MediaObjectRepository) =>
        new LedgeredMediaStorage(driver, ledger),
    },
    MediaClaimsRepository,
    MediaCollector,
  ],
  exports: [MediaStorage, MediaObjectRepository, MediaCollector],
})
export class MediaStorageModule {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // Every process that stores or lists media builds this module once at start-up, so mediaUrl()
    // follows the configuration everywhere without the config being passed to each call site.
    setMediaBaseUrl(config.mediaBaseUrl);
  }
}
