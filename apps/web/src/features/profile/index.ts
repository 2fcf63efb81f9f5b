export { profileQuery, useProfile } from './api/get-profile';
export { profileKeys } from './api/profile-keys';
export { ProfileDetailsCard } from './components/profile-details-card';
export { DisplayNameField } from './components/display-name-field';
export { PhotoUpload } from './components/photo-upload';
export { SlackNotificationsCard } from './components/slack-notifications-card';
export { TermsOfServiceGate } from './components/terms-of-service-gate';
export { isNameMissing, isTermsRequired } from './lib/terms-rules';
