import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity';
import { createdAtColumn } from '../../database/timestamp-columns';

/** A bearer token for non-browser clients; only the sha256 of the token is stored. */
export const ApiTokenEntity = defineEntity({
  name: 'ApiToken',
  tableName: 'api_token',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').ref(),
    tokenHash: p.string().length(64).fieldName('token_hash').unique(),
    expiresAt: p.datetime().fieldName('expires_at'),
    createdAt: createdAtColumn(),
    lastUsedAt: p.datetime().fieldName('last_used_at').nullable(),
  },
});

export class ApiToken extends ApiTokenEntity.class {}
ApiTokenEntity.setClass(ApiToken);
