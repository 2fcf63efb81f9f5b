import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';

/**
 * The wiring between modules (docs/architecture.md §3.5): every event has the listeners and
 * every dependents registry the lookups their `jobs.ts` promise. A registry nobody fills
 * (the sources' once was) lets a delete break what depends on it.
 */
describe('app wiring: events and dependents registries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('each event has its listeners: alerts, plays and activations after a snapshot, snapshots after a change', () => {
    expect(t.app.events.listenerCount('cohortSnapshotTaken')).toBe(3);
    expect(t.app.events.listenerCount('cohortDefinitionChanged')).toBe(1);
    expect(t.app.events.listenerCount('deliveriesFailed')).toBe(1);
  });

  it('each dependents registry has its lookups: alerts, plays and activations for cohorts, the mapping for sources, cohorts for tables, plays and activations for scores', () => {
    expect(t.app.dependents.cohorts.size()).toBe(3);
    expect(t.app.dependents.sources.size()).toBe(1);
    expect(t.app.dependents.tables.size()).toBe(1);
    expect(t.app.dependents.connections.size()).toBe(3);
    expect(t.app.dependents.scores.size()).toBe(2);
  });

  it("two apps in one process keep their own wiring: one app's events never reach the other", async () => {
    const other = await createTestApp();
    try {
      const heard: string[] = [];
      const undo = other.app.events.on('cohortDefinitionChanged', ({ orgId }) => {
        heard.push(orgId);
        return Promise.resolve();
      });
      await t.app.events.emit('cohortDefinitionChanged', { orgId: 'not-the-other-app' });
      expect(heard).toEqual([]);
      expect(other.app.events.listenerCount('cohortDefinitionChanged')).toBe(2);
      undo();
      expect(other.app.events.listenerCount('cohortDefinitionChanged')).toBe(1);
    } finally {
      await other.close();
    }
  });
});
