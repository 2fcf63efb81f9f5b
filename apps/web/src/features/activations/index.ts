export { ActivationDetailsPage } from './components/activation-details-page';
export { ActivationsPage } from './components/activations-page';
export { NewActivationPage } from './components/new-activation-page';
export { canManageActivations } from './lib/can-manage-activations';
