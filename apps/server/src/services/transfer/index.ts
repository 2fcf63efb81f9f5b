import { defineService } from '../../platform/http/service.js';
import { uploadsRoutes } from './uploads/uploads.routes.js';

/** Resumable (tus) uploads of CSV files into a data source (docs/architecture.md §3.1). */
export const transferService = defineService({
  name: 'transfer',
  title: 'file-transfer service',
  description: 'Resumable uploads of CSV files into a data source.',
  routes: [uploadsRoutes],
  adminWrites: 'upload data sources',
});
