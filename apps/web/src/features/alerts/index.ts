export { useUnreadAlerts } from './api/get-inbox';
export { AlertDetailsPage } from './components/alert-details-page';
export { AlertMeButton } from './components/alert-me-button';
export { AlertsPage } from './components/alerts-page';
export { SegmentAlerts } from './components/segment-alerts';
