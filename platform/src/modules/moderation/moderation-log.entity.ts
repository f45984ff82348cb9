import { defineEntity, p } from '@mikro-orm/core';
import type { ContentKind, ModerationAction, ModerationStatus } from '@warraq/contracts';
import { User } from '../users/user.entity';
import { createdAtColumn } from '../../database/timestamp-columns';

/**
 * One moderation decision: who did what to which item, when and why. `contentId` has no foreign key
 * on purpose, so the row (and the title it copied) survives the deletion it records.
 */
export const ModerationLogEntity = defineEntity({
  name: 'ModerationLog',
  tableName: 'moderation_log',
  properties: {
    id: p.integer().primary().autoincrement(),
    actor: () => p.manyToOne(User).deleteRule('set null').nullable().ref(),
    action: p.string().length(16).$type<ModerationAction>(),
    contentType: p.string().length(16).fieldName('content_type').$type<ContentKind>(),
    contentId: p.integer().fieldName('content_id'),
    title: p.string().length(400),
    fromStatus: p.string().length(16).fieldName('from_status').$type<ModerationStatus>(),
    note: p.string().length(1000).nullable(),
    createdAt: createdAtColumn(),
  },
});

export class ModerationLog extends ModerationLogEntity.class {}
ModerationLogEntity.setClass(ModerationLog);
