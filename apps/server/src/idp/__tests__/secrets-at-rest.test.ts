import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/database/database.js';
import { appSecrets } from '../../platform/database/schema/index.js';
import { SecretBox } from '../../platform/secrets/secret-box.js';
import { createTestDatabase } from '../../../test/database.js';
import { generateSigningKey, loadIdpSecrets } from '../secrets.js';

const box = new SecretBox(Buffer.alloc(32, 3));

describe('the identity provider’s keys at rest (sealed with REVLANE_SECRET_KEY)', () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await createTestDatabase();
  });
  afterEach(() => handle.close());

  const storedText = async () =>
    JSON.stringify(
      await handle.db.select({ name: appSecrets.name, value: appSecrets.value }).from(appSecrets),
    );

  it('stores the private signing key and the cookie keys sealed, and reads them back', async () => {
    const first = await loadIdpSecrets(handle.db, box);
    const key = first.signingKeys[0]!;
    const text = await storedText();
    for (const secret of [key.d!, key.p!, key.q!, first.cookieKeys[0]!]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toMatch(/"sealed":"v1\./);
    expect(await loadIdpSecrets(handle.db, box)).toEqual(first);
  });

  it('seals a key stored in plain text by an earlier version, keeping the same key', async () => {
    const plainKey = await generateSigningKey();
    await handle.db
      .insert(appSecrets)
      .values({ name: 'idp.signing-keys', value: { keys: [plainKey] } });

    const loaded = await loadIdpSecrets(handle.db, box);
    expect(loaded.signingKeys).toEqual([plainKey]);
    const [row] = await handle.db
      .select({ value: appSecrets.value })
      .from(appSecrets)
      .where(eq(appSecrets.name, 'idp.signing-keys'));
    expect(JSON.stringify(row!.value)).not.toContain(plainKey.d!);
    expect(await loadIdpSecrets(handle.db, box)).toEqual(loaded);
  });

  it('refuses to start with another secret key rather than replace the keys', async () => {
    const first = await loadIdpSecrets(handle.db, box);
    await expect(loadIdpSecrets(handle.db, new SecretBox(Buffer.alloc(32, 4)))).rejects.toThrow(
      /cannot be opened with this secret key.*REVLANE_SECRET_KEY/,
    );
    expect(await loadIdpSecrets(handle.db, box)).toEqual(first);
  });
});
