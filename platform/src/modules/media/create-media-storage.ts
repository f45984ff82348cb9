import type { AppConfig } from '../../config/app-config';
import { LocalDiskMediaStorage } from './local-disk-media.storage';
import type { MediaStorage } from './media-storage';
import { S3MediaStorage } from './s3-media.storage';

/** The driver the configuration names (WARRAQ_MEDIA_DRIVER); the CLI tools use it outside Nest too. */
export function createMediaStorage(config: AppConfig): MediaStorage {
  return config.mediaStore.driver === 's3'
    ? new S3MediaStorage(config.mediaStore.s3)
    : new LocalDiskMediaStorage(config.mediaDir);
}
