import { ReadingProgressEntity } from '../modules/library/reading-progress.entity';
import { ChapterReadEntity } from '../modules/library/chapter-read.entity';
import {
  ChapterFanoutEntity,
  ReaderPreferenceEntity,
  SeriesFanoutEntity,
  SeriesFollowEntity,
  SeriesShelfEntity,
  UserFollowEntity,
} from '../modules/follows/follows.entities';
import {
  AnnouncementRecordEntity,
  CommunityRulesRecordEntity,
} from '../modules/community/community.entities';
import { ApiTokenEntity } from '../modules/auth/api-token.entity';
import { ChapterLikeEntity, FavoriteEntity, RatingEntity } from '../modules/reactions/reaction.entities';
import { ChapterViewEntity } from '../modules/series/chapter-view.entity';
import { CommentLikeEntity, CommentRecordEntity } from '../modules/comments/comment.entities';
import { MediaSweepEntity, UploadMediaClaimEntity } from '../modules/media/media-claims.entities';
import { MediaObjectRecordEntity } from '../modules/media/media-object.entity';
import { PointsEntryRecordEntity } from '../modules/points/points-entry.entity';
import { ChapterUploadFileEntity, ChapterUploadEntity } from '../modules/ingest/chapter-upload.entity';
import { ChapterEntity } from '../modules/series/chapter.entity';
import { FeedTokenEntity } from '../modules/feeds/feed-token.entity';
import { ModerationLogEntity } from '../modules/moderation/moderation-log.entity';
import { UserNotificationEntity } from '../modules/notifications/notification.entity';
import { PageEntity } from '../modules/series/page.entity';
import { ChapterAvifEntity } from '../modules/series/chapter-avif.entity';
import { SeriesEntity } from '../modules/series/series.entity';
import { UserEntity } from '../modules/users/user.entity';
import {
  ClientErrorRecordEntity,
  DomainRecordEntity,
  ServiceRecordEntity,
} from '../modules/system/registry.entities';

/**
 * Every entity definition the ORM knows about (`docs/adding-a-module.md` names them): one for every
 * table, also those queried in raw SQL only, so that each table has a declared owner module and a
 * generated migration (`migration:create` diffs these against the database) never drops one.
 */
export const ENTITIES = [
  UserEntity,
  ApiTokenEntity,
  SeriesEntity,
  ChapterEntity,
  PageEntity,
  ChapterAvifEntity,
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
  MediaObjectRecordEntity,
  UploadMediaClaimEntity,
  MediaSweepEntity,
  CommentRecordEntity,
  CommentLikeEntity,
  PointsEntryRecordEntity,
  ChapterReadEntity,
  SeriesFollowEntity,
  UserFollowEntity,
  ReaderPreferenceEntity,
  ChapterFanoutEntity,
  SeriesFanoutEntity,
  AnnouncementRecordEntity,
  CommunityRulesRecordEntity,
  SeriesShelfEntity,
  FeedTokenEntity,
];
