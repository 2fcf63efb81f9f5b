export { canManageOrganization } from './can-manage-organization';
