import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/database.js';
import { DEMO_EMAIL } from './demo-users.js';
import { findOrganizationIdByUserEmail } from '../platform/auth/accounts.repository.js';
import {
  cohortFavorites,
  cohorts,
  scores,
  segments,
  users,
} from '../platform/database/schema/index.js';
import { seedDemo } from './seed-demo.js';

describe('seedDemo (start-up seed of the embedded default)', () => {
  const handle = useTestDatabase();

  const allSegments = () =>
    handle.db.select().from(segments).orderBy(asc(segments.position), asc(segments.name));
  const allCohorts = () => handle.db.select().from(cohorts).orderBy(asc(cohorts.id));

  it('gives the demo organization its segments, once', async () => {
    await seedDemo(handle.db, 'demo-password-1');
    const orgId = await findOrganizationIdByUserEmail(handle.db, DEMO_EMAIL.toUpperCase());
    const first = await allSegments();
    expect(first.every((segment) => segment.orgId === orgId)).toBe(true);
    expect(first.map(({ name, baseTable, disabled }) => ({ name, baseTable, disabled }))).toEqual([
      { name: 'All accounts', baseTable: 'accounts', disabled: false },
      { name: 'Product-qualified accounts', baseTable: 'accounts', disabled: false },
      { name: 'Active users', baseTable: 'users', disabled: false },
      { name: 'Expansion candidates', baseTable: 'accounts', disabled: false },
      { name: 'Churn risk (beta)', baseTable: 'accounts', disabled: true },
    ]);

    await seedDemo(handle.db, 'demo-password-1');
    expect(await allSegments()).toEqual(first);
  });

  it('gives the demo segments their cohorts, some starred for the demo user, once', async () => {
    const seeded = () => handle.db.select().from(cohorts).orderBy(asc(cohorts.name));
    const first = await seeded();
    const orgId = await findOrganizationIdByUserEmail(handle.db, DEMO_EMAIL);
    expect(first.length).toBeGreaterThanOrEqual(8);
    expect(first.every((cohort) => cohort.orgId === orgId)).toBe(true);
    const stars = await handle.db
      .select({ email: users.email })
      .from(cohortFavorites)
      .innerJoin(users, eq(users.id, cohortFavorites.userId));
    expect(stars.length).toBeGreaterThan(0);
    expect(stars.every((star) => star.email.toLowerCase() === DEMO_EMAIL.toLowerCase())).toBe(true);

    await seedDemo(handle.db, 'demo-password-1');
    expect(await seeded()).toEqual(first);
  });

  it('seeds a renamed demo segment and cohort no second time (stable seed keys, not names)', async () => {
    const { db } = handle;
    const orgId = (await findOrganizationIdByUserEmail(db, DEMO_EMAIL))!;
    const expansion = and(eq(segments.orgId, orgId), eq(segments.name, 'Expansion candidates'));
    const [segment] = await db.select().from(segments).where(expansion);
    const ofSegment = eq(cohorts.segmentId, segment!.id);
    await db.update(segments).set({ name: 'Growth accounts' }).where(expansion);
    await db
      .update(cohorts)
      .set({ name: 'Big spenders' })
      .where(and(ofSegment, eq(cohorts.name, 'High MRR')));
    const [segmentsBefore, cohortsBefore] = [await allSegments(), await allCohorts()];

    await seedDemo(db, 'demo-password-1');
    expect(await allSegments()).toEqual(segmentsBefore);
    expect(await allCohorts()).toEqual(cohortsBefore);
    expect(segmentsBefore.map((row) => row.name)).not.toContain('Expansion candidates');
    const renamed = await db.select({ name: cohorts.name }).from(cohorts).where(ofSegment);
    expect(renamed.map((row) => row.name).sort()).toEqual(['Big spenders', 'Starter plan']);
  });

  it('gives the demo organization its "Product-qualified" score, once', async () => {
    const orgId = await findOrganizationIdByUserEmail(handle.db, DEMO_EMAIL);
    const seeded = () => handle.db.select().from(scores).orderBy(asc(scores.name));
    const first = await seeded();
    expect(first.map(({ orgId, name, slug, baseTable, seedKey }) => ({ orgId, name, slug, baseTable, seedKey }))).toEqual([
      { orgId, name: 'Product-qualified', slug: 'product_qualified', baseTable: 'accounts', seedKey: 'product-qualified' },
    ]); // prettier-ignore
    expect(first[0]!.behaviour.map((rule) => rule.event)).toEqual([
      'export_created',
      'dashboard_created',
    ]);
    await seedDemo(handle.db, 'demo-password-1');
    expect(await seeded()).toEqual(first);
  });

  it('leaves the support organization without segments', async () => {
    const supportOrg = await findOrganizationIdByUserEmail(handle.db, 'support@revlane.dev');
    expect(supportOrg).toBeDefined();
    expect(await handle.db.select().from(segments).where(eq(segments.orgId, supportOrg!))).toEqual(
      [],
    );
  });
});
