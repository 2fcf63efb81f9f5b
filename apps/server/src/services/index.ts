import type { FastifyPluginAsync } from 'fastify';
import { composerService } from './composer/index.js';
import { contentService } from './content/index.js';
import { liveOpsService } from './live-ops/index.js';
import { mainService } from './main/index.js';
import { transferService } from './transfer/index.js';
import { userService } from './user/index.js';

export interface MountedService {
  name: 'main' | 'user' | 'composer' | 'live-ops' | 'content' | 'transfer';
  /** Default mount on the one origin (docs/architecture.md §3.1). */
  mount: string;
  plugin: FastifyPluginAsync;
}

export const SERVICES: readonly MountedService[] = [
  { name: 'main', mount: '/api/v1', plugin: mainService },
  { name: 'user', mount: '/user/api/v1', plugin: userService },
  { name: 'composer', mount: '/composer/api/v1', plugin: composerService },
  { name: 'live-ops', mount: '/live-ops/api/v1', plugin: liveOpsService },
  { name: 'content', mount: '/content/api/v1', plugin: contentService },
  { name: 'transfer', mount: '/transfer', plugin: transferService },
];
