import { defineEntity, p } from '@mikro-orm/core';
import type { NotificationType } from '@warraq/contracts';
import { Chapter } from '../series/chapter.entity';
import { Series } from '../series/series.entity';
import { User } from '../users/user.entity';
import { createdAtColumn } from '../../database/timestamp-columns';

/** A message stored for one user (moderation outcomes today); unread while `readAt` is null. */
export const UserNotificationEntity = defineEntity({
  name: 'UserNotification',
  tableName: 'notification',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').ref(),
    type: p.string().length(16).$type<NotificationType>(),
    title: p.string().length(200),
    body: p.string().length(2000),
    /** Site path the notification opens, or null. */
    path: p.string().length(500).nullable(),
    /** The new chapter a `chapter` notification announces: one per reader and chapter. */
    chapter: () => p.manyToOne(Chapter).deleteRule('cascade').nullable().ref(),
    /** The new work of a followed user a `follow` notification announces: one per reader and series. */
    series: () => p.manyToOne(Series).deleteRule('cascade').nullable().ref(),
    readAt: p.datetime().fieldName('read_at').nullable(),
    createdAt: createdAtColumn(),
  },
});

export class UserNotification extends UserNotificationEntity.class {}
UserNotificationEntity.setClass(UserNotification);
