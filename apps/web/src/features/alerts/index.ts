export { AlertDetailsPage } from './components/alert-details-page';
export { AlertsPage } from './components/alerts-page';
