import { defineService } from '../../platform/http/service.js';

/** Stored files: profile photos and exports (DESIGN §3.1); routes arrive with later issues. */
export const contentService = defineService({
  name: 'content',
  title: 'content service',
  description: 'Stored files: profile photos and exported files.',
  routes: [],
});
