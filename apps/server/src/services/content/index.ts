import { defineService } from '../../platform/http/service.js';
import { filesRoutes } from './files/files.routes.js';

/** Stored files: profile photos and exports (docs/architecture.md §3.1). */
export const contentService = defineService({
  name: 'content',
  title: 'content service',
  description: 'Stored files: profile photos and exported files.',
  routes: [filesRoutes],
});

/** For the user service: whether a photo URL names a stored file of the organization. */
export { isOrganizationFileUrl } from './files/file-urls.js';
