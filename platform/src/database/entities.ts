import { ReadingProgressSchema } from '../modules/library/reading-progress.entity';
import { ApiTokenSchema } from '../modules/auth/api-token.entity';
import {
  ChapterLikeSchema,
  ChapterViewSchema,
  FavoriteSchema,
  RatingSchemaEntity,
} from '../modules/reactions/reaction.entities';
import { ChapterUploadFileSchema, ChapterUploadSchema } from '../modules/ingest/chapter-upload.entity';
import { ChapterSchema } from '../modules/series/chapter.entity';
import { ModerationLogSchema } from '../modules/moderation/moderation-log.entity';
import { NotificationEntitySchema } from '../modules/notifications/notification.entity';
import { PageSchema } from '../modules/series/page.entity';
import { SeriesSchema } from '../modules/series/series.entity';
import { UserSchema } from '../modules/users/user.entity';
import {
  ClientErrorRecordSchema,
  DomainRecordSchema,
  ServiceRecordSchema,
} from '../modules/system/registry.entities';

/** Every entity schema the ORM knows about. */
export const ENTITIES = [
  UserSchema,
  ApiTokenSchema,
  SeriesSchema,
  ChapterSchema,
  PageSchema,
  ChapterLikeSchema,
  FavoriteSchema,
  RatingSchemaEntity,
  ChapterViewSchema,
  ReadingProgressSchema,
  ChapterUploadSchema,
  ChapterUploadFileSchema,
  ModerationLogSchema,
  NotificationEntitySchema,
  ServiceRecordSchema,
  DomainRecordSchema,
  ClientErrorRecordSchema,
];
