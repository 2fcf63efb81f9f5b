import type { FastifyPluginCallback } from 'fastify';
import { registerCohortDependents } from '../../live-ops/cohorts/cohort-dependents.js';
import { findCohortPlays } from './play-dependents.js';

/** Plays' background side (ADR 0024): the dependents rule (a cohort with plays is not deleted, ADR 0006). */
export const playsPlugin: FastifyPluginCallback = (app, _options, done) => {
  // A closure per app: each test app removes only its own lookup when it closes.
  const undo = registerCohortDependents((db, orgId, cohortId) =>
    findCohortPlays(db, orgId, cohortId),
  );
  app.addHook('onClose', (_instance, closed) => {
    undo();
    closed();
  });
  done();
};
