import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { CohortDependent } from '@revlane/contracts';
import {
  createDependentsRegistry,
  type DependentsRegistry,
} from '../dependents/dependents-registry.js';
import type { AppEvents } from './app-events.js';
import { EventBus } from './event-bus.js';

/** A record that reads a source's landed tables (a mapping, ADR 0019), or builds on it. */
export interface SourceDependent {
  kind: string;
  id: string;
  name: string;
  /** A mapping's base tables built from the source (`accounts`…): what reads them depends too. */
  tables?: string[];
}

/**
 * Who uses a record another module owns, asked before that record is deleted (ADR 0006):
 * the owning module asks, the dependent modules register their lookups in their `jobs.ts`.
 */
export interface AppDependents {
  /** Alerts and plays that watch a cohort. */
  cohorts: DependentsRegistry<CohortDependent>;
  /** Mappings that read a source's tables. */
  sources: DependentsRegistry<SourceDependent>;
  /** What reads a base table the mapping builds (`accounts`): cohorts, their alerts and plays. */
  tables: DependentsRegistry<SourceDependent>;
  /** Alerts and plays that send through a connection (`slack`…), listed before a disconnect. */
  connections: DependentsRegistry<CohortDependent>;
  /**
   * Plays and activations that use a score's columns, by the score's slug (ADR 0034): a
   * score's columns live only on its own base table and a slug is never reused.
   */
  scores: DependentsRegistry<CohortDependent>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's in-process events (docs/architecture.md §3.5). */
    events: EventBus<AppEvents>;
    /** The app's dependents registries (ADR 0006). */
    dependents: AppDependents;
  }
}

const registerEvents: FastifyPluginCallback = (app, _options, done) => {
  app.decorate('events', new EventBus<AppEvents>());
  app.decorate<AppDependents>('dependents', {
    cohorts: createDependentsRegistry<CohortDependent>(),
    sources: createDependentsRegistry<SourceDependent>(),
    tables: createDependentsRegistry<SourceDependent>(),
    connections: createDependentsRegistry<CohortDependent>(),
    scores: createDependentsRegistry<CohortDependent>(),
  });
  done();
};

/** The wiring between modules, one per app: events and dependents registries. */
export const eventsPlugin = fp(registerEvents, { name: 'revlane-events' });
