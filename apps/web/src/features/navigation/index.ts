export { AppSidebar } from './components/app-sidebar';
export type { SidebarUser } from './components/sidebar-profile-link';
export { useMiniSidebar } from './hooks/use-mini-sidebar';
