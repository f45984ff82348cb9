import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity';
import { createdAtColumn } from '../../database/timestamp-columns';

/**
 * One change of a user's points (positive earned, negative spent); `"user".points` is kept equal to
 * their sum. `eventKey` names the contribution an automatic award is for (unique: recorded once).
 * Queried in raw SQL only (`points.repository.ts`); the entity declares the table for the schema.
 */
export const PointsEntryRecordEntity = defineEntity({
  name: 'PointsEntryRecord',
  tableName: 'points_entry',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').ref(),
    amount: p.integer(),
    type: p.string().length(8).$type<'earned' | 'spent'>(),
    service: p.string().length(50),
    description: p.string().length(500),
    eventKey: p.string().length(200).fieldName('event_key').nullable().unique('points_entry_event_unique'),
    awardedBy: () => p.manyToOne(User).fieldName('awarded_by').deleteRule('set null').nullable().ref(),
    createdAt: createdAtColumn(),
  },
});
export class PointsEntryRecord extends PointsEntryRecordEntity.class {}
PointsEntryRecordEntity.setClass(PointsEntryRecord);
