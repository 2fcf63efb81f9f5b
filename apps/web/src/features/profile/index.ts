export { fetchProfile, profileQueryOptions, useProfile } from './api/get-profile';
export { profileKeys } from './api/profile-keys';
