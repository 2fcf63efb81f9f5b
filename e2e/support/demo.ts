/** The demo accounts the embedded default seeds (README documents them). */
export const DEMO_USER = { email: 'demo@acme.example', name: 'Dana Demo' };
export const MEMBER_USER = { email: 'alex@acme.example', name: 'Alex Member' };
export const SUPPORT_USER = { email: 'support@revlane.dev', name: 'Sam Support' };
export const DEMO_PASSWORD = 'revlane-demo-2022';
