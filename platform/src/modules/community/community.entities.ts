import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity';
import { createdAtColumn } from '../../database/timestamp-columns';

/** A post by an admin on the community page's announcements tab. */
export const AnnouncementRecordEntity = defineEntity({
  name: 'AnnouncementRecord',
  tableName: 'announcement',
  properties: {
    id: p.integer().primary().autoincrement(),
    title: p.string().length(150),
    body: p.text(),
    pinned: p.boolean().default(false),
    author: () => p.manyToOne(User).deleteRule('set null').nullable().ref(),
    createdAt: createdAtColumn(),
    updatedAt: p.datetime().fieldName('updated_at').nullable(),
  },
});
export class AnnouncementRecord extends AnnouncementRecordEntity.class {}
AnnouncementRecordEntity.setClass(AnnouncementRecord);

/** The community's rules: one row (id 1), replaced whole by an admin. */
export const CommunityRulesRecordEntity = defineEntity({
  name: 'CommunityRulesRecord',
  tableName: 'community_rules',
  properties: {
    id: p.integer().primary(),
    text: p.text(),
    updatedBy: () => p.manyToOne(User).fieldName('updated_by').deleteRule('set null').nullable().ref(),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});
export class CommunityRulesRecord extends CommunityRulesRecordEntity.class {}
CommunityRulesRecordEntity.setClass(CommunityRulesRecord);
