import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../platform/database/database.js';
import { idpModels } from '../platform/database/schema/index.js';

/**
 * oidc-provider's storage contract over the `idp_models` table: one row per model instance
 * (Session, Grant, AuthorizationCode, RefreshToken, Interaction...), keyed by model name and id.
 * Sessions, grants and refresh tokens live here so a restart signs nobody out.
 */
export class DatabaseAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt =
      typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null;
    const values = {
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
      // Like the reference in-memory adapter, saving again replaces the whole record.
      consumedAt: null,
    };
    await this.db
      .insert(idpModels)
      .values({ kind: this.kind, id, ...values })
      .onConflictDoUpdate({ target: [idpModels.kind, idpModels.id], set: values });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(idpModels.id, id));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(idpModels.uid, uid));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(idpModels.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(idpModels)
      .set({ consumedAt: new Date() })
      .where(and(eq(idpModels.kind, this.kind), eq(idpModels.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(idpModels).where(and(eq(idpModels.kind, this.kind), eq(idpModels.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(idpModels)
      .where(and(eq(idpModels.kind, this.kind), eq(idpModels.grantId, grantId)));
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: idpModels.payload, consumedAt: idpModels.consumedAt })
      .from(idpModels)
      .where(
        and(
          eq(idpModels.kind, this.kind),
          condition,
          // An expired row may linger until the sweep; to the provider it no longer exists.
          or(isNull(idpModels.expiresAt), gt(idpModels.expiresAt, new Date())),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    // oidc-provider detects code and refresh-token replay by this field (epoch seconds).
    return row.consumedAt
      ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
      : payload;
  }
}

export function createAdapterFactory(db: Database): (kind: string) => Adapter {
  return (kind) => new DatabaseAdapter(db, kind);
}

/** Deletes rows past their expiry; nothing reads them any more. */
export async function deleteExpiredModels(db: Database, now = new Date()): Promise<void> {
  await db.delete(idpModels).where(lte(idpModels.expiresAt, now));
}
