import { ApiTokenRepository } from '../src/modules/auth/api-token.repository';
import { MaintenanceService } from '../src/modules/maintenance/maintenance.service';
import { newUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

describe('tokens.purge-expired', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('deletes expired API tokens and keeps live ones; running twice is harmless', async () => {
    const user = await newUser(t.orm);
    const conn = t.orm.em.fork().getConnection();
    await conn.execute(
      `insert into api_token (user_id, token_hash, expires_at) values (?, 'expired', now() - interval '1 minute'), (?, 'live', now() + interval '1 hour')`,
      [user.id, user.id],
    );
    const service = new MaintenanceService(new ApiTokenRepository(t.orm.em));
    expect(await service.purgeExpiredTokens()).toBe(1);
    expect(await service.purgeExpiredTokens()).toBe(0);
    const rows = await conn.execute<{ token_hash: string }[]>('select token_hash from api_token');
    expect(rows.map((r) => r.token_hash)).toEqual(['live']);
  });
});
