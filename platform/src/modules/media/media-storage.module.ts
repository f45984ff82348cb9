import { EntityManager } from '@mikro-orm/postgresql';
import { Global, Inject, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { createMediaStorage } from './create-media-storage';
import { LedgeredMediaStorage } from './ledgered-media.storage';
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
    {
      provide: MediaStorage,
      inject: [APP_CONFIG, MediaObjectRepository],
      useFactory: (config: AppConfig, ledger: MediaObjectRepository) =>
        new LedgeredMediaStorage(createMediaStorage(config), ledger),
    },
  ],
  exports: [MediaStorage, MediaObjectRepository],
})
export class MediaStorageModule {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // Every process that stores or lists media builds this module once at start-up, so mediaUrl()
    // follows the configuration everywhere without the config being passed to each call site.
    setMediaBaseUrl(config.mediaBaseUrl);
  }
}
