import { ReadingProgressEntity } from '../modules/library/reading-progress.entity';
import { ApiTokenEntity } from '../modules/auth/api-token.entity';
import {
  ChapterLikeEntity,
  ChapterViewEntity,
  FavoriteEntity,
  RatingEntity,
} from '../modules/reactions/reaction.entities';
import { ChapterUploadFileEntity, ChapterUploadEntity } from '../modules/ingest/chapter-upload.entity';
import { ChapterEntity } from '../modules/series/chapter.entity';
import { ModerationLogEntity } from '../modules/moderation/moderation-log.entity';
import { UserNotificationEntity } from '../modules/notifications/notification.entity';
import { PageEntity } from '../modules/series/page.entity';
import { SeriesEntity } from '../modules/series/series.entity';
import { UserEntity } from '../modules/users/user.entity';
import {
  ClientErrorRecordEntity,
  DomainRecordEntity,
  ServiceRecordEntity,
} from '../modules/system/registry.entities';

/** Every entity definition the ORM knows about (`docs/adding-a-module.md` names them). */
export const ENTITIES = [
  UserEntity,
  ApiTokenEntity,
  SeriesEntity,
  ChapterEntity,
  PageEntity,
  ChapterLikeEntity,
  FavoriteEntity,
  RatingEntity,
  ChapterViewEntity,
  ReadingProgressEntity,
  ChapterUploadEntity,
  ChapterUploadFileEntity,
  ModerationLogEntity,
  UserNotificationEntity,
  ServiceRecordEntity,
  DomainRecordEntity,
  ClientErrorRecordEntity,
];
