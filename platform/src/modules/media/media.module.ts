import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { LocalDiskMediaStorage } from './local-disk-media.storage';
import { CoverService } from './cover.service';
import { MediaController } from './media.controller';
import { MediaStorage } from './media-storage';

@Global()
@Module({
  controllers: [MediaController],
  providers: [
    {
      provide: MediaStorage,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new LocalDiskMediaStorage(config.mediaDir),
    },
    CoverService,
  ],
  exports: [MediaStorage, CoverService],
})
export class MediaModule {}
