import { Global, Module } from '@nestjs/common';
import { CoverService } from './cover.service';
import { MediaController } from './media.controller';
import { MediaStorageModule } from './media-storage.module';

@Global()
@Module({
  imports: [MediaStorageModule],
  controllers: [MediaController],
  providers: [CoverService],
  exports: [MediaStorageModule, CoverService],
})
export class MediaModule {}
