/** SPA route paths (docs/product.md §2), shared so server history fallback and links agree. */
export const APP_ROUTES = {
  root: '/',
  app: '/app',
  home: '/app/home',
  homeStep: (stepId: string) => `/app/home/${stepId}`,
  segment: (segmentId: string) => `/app/segments/${segmentId}`,
  cohort: (segmentId: string, cohortId: string) => `/app/segments/${segmentId}/${cohortId}`,
  segmentSettings: (segmentId: string) => `/app/segments/${segmentId}/settings`,
  connections: '/app/connections',
  plays: '/app/plays',
  play: (playId: string) => `/app/plays/${playId}`,
  activations: '/app/activations',
  activation: (activationId: string) => `/app/activations/${activationId}`,
  newActivation: '/app/activations/new',
  scores: '/app/scores',
  score: (scoreId: string) => `/app/scores/${scoreId}`,
  newScore: '/app/scores/new',
  notifications: '/app/notifications',
  notification: (notificationId: string) => `/app/notifications/${notificationId}`,
  /** One account's or user's page; record ids come from customer data, so they are encoded. */
  account: (accountId: string) => `/app/accounts/${encodeURIComponent(accountId)}`,
  user: (userId: string) => `/app/users/${encodeURIComponent(userId)}`,
  record: (kind: 'accounts' | 'users', id: string) => `/app/${kind}/${encodeURIComponent(id)}`,
  profile: '/app/profile',
  notFound: '/404',
  /** Where the embedded identity provider sends the browser to sign in. */
  signIn: (interactionUid: string) => `/idp/interaction/${interactionUid}`,
  /** Signed-out pages of the embedded provider's password reset (its link carries `#token=`). */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
} as const;

/** API paths of the user service, relative to its base URL (docs/product.md §7). */
export const USER_API = {
  me: 'users/me',
  onboardingSteps: 'users/me/onboarding-steps',
  onboardingStep: (userId: string, stepId: string) => `${userId}/onboarding/steps/${stepId}`,
  profile: 'users/me/profile',
  dashboard: 'users/me/dashboard',
  acceptTerms: 'users/me/accept-terms',
  slackChannels: 'users/me/notifications/slack/channels',
  slackNotifications: 'users/me/notifications/slack',
  slackTest: 'users/me/notifications/slack/test',
} as const;
