import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity';
import { createdAtColumn } from '../../database/timestamp-columns';

/**
 * A user's reader-app token (OPDS catalog URLs): at most one per user, only its sha256 stored, so a
 * leaked database names no working URL. Regenerating replaces the row; revoking deletes it.
 */
export const FeedTokenEntity = defineEntity({
  name: 'FeedToken',
  tableName: 'feed_token',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').ref().unique('feed_token_user_unique'),
    tokenHash: p.string().length(64).fieldName('token_hash').unique('feed_token_token_hash_unique'),
    createdAt: createdAtColumn(),
    lastUsedAt: p.datetime().fieldName('last_used_at').nullable(),
  },
});

export class FeedToken extends FeedTokenEntity.class {}
FeedTokenEntity.setClass(FeedToken);
