import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { idpModels } from '../../platform/database/schema/index.js';
import { useTestDatabase } from '../../../test/database.js';
import { DatabaseAdapter, deleteExpiredModels } from '../storage-adapter.js';

describe('oidc-provider storage adapter over idp_models', () => {
  const handle = useTestDatabase();

  it('upserts and finds by id, uid and user code, per model', async () => {
    const sessions = new DatabaseAdapter(handle.db, 'Session');
    const codes = new DatabaseAdapter(handle.db, 'DeviceCode');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    await codes.upsert('s1', { userCode: 'ABCD', grantId: 'g' }, 60);

    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a' });
    expect(await codes.findByUserCode('ABCD')).toEqual({ userCode: 'ABCD', grantId: 'g' });
    expect(await sessions.findByUserCode('ABCD')).toBeUndefined();
    expect(await sessions.find('missing')).toBeUndefined();

    await sessions.upsert('s1', { uid: 'u2', accountId: 'b' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u2', accountId: 'b' });
    expect(await sessions.findByUid('u1')).toBeUndefined();
  });

  it('marks consumed records with the consumption time', async () => {
    const adapter = new DatabaseAdapter(handle.db, 'AuthorizationCode');
    await adapter.upsert('c1', { grantId: 'g1' }, 60);
    await adapter.consume('c1');
    const found = await adapter.find('c1');
    expect(found?.consumed).toBeTypeOf('number');
    expect(Math.abs((found!.consumed as number) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('treats expired records as missing and sweeps them', async () => {
    const adapter = new DatabaseAdapter(handle.db, 'Interaction');
    await adapter.upsert('gone', { returnTo: 'x' }, -1);
    await adapter.upsert('forever', { returnTo: 'y' });
    expect(await adapter.find('gone')).toBeUndefined();
    expect(await adapter.find('forever')).toEqual({ returnTo: 'y' });

    await deleteExpiredModels(handle.db);
    const rows = await handle.db.select().from(idpModels).where(eq(idpModels.kind, 'Interaction'));
    expect(rows.map((row) => row.id)).toEqual(['forever']);
  });

  it('destroys one record and revokes a grant within its model', async () => {
    const tokens = new DatabaseAdapter(handle.db, 'RefreshToken');
    const access = new DatabaseAdapter(handle.db, 'AccessToken');
    await tokens.upsert('r1', { grantId: 'grant-a' }, 60);
    await tokens.upsert('r2', { grantId: 'grant-a' }, 60);
    await tokens.upsert('r3', { grantId: 'grant-b' }, 60);
    await access.upsert('t1', { grantId: 'grant-a' }, 60);

    await tokens.revokeByGrantId('grant-a');
    expect(await tokens.find('r1')).toBeUndefined();
    expect(await tokens.find('r2')).toBeUndefined();
    expect(await tokens.find('r3')).toBeDefined();
    expect(await access.find('t1')).toBeDefined();

    await tokens.destroy('r3');
    expect(await tokens.find('r3')).toBeUndefined();
  });
});
