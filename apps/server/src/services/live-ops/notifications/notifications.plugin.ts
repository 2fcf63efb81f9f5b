import type { FastifyPluginAsync } from 'fastify';
import { activityRoutes } from './activity.routes.js';
import { deliveryDepsOf } from './delivery-deps.js';

/** The alerts' activity routes (inbox, firings) with what they send through (ADR 0023). */
export const notificationsPlugin: FastifyPluginAsync = async (app) => {
  await app.register(activityRoutes, { deps: deliveryDepsOf(app) });
};
