/** Words the demo generator builds names, domains and events from (kept dense on purpose). */

// prettier-ignore
export const COMPANY_FIRST = [
  'Acme', 'Blue', 'Bright', 'Cedar', 'Cloud', 'Copper', 'Crest', 'Delta', 'Echo', 'Ember',
  'Falcon', 'Fern', 'Globe', 'Granite', 'Harbor', 'Helix', 'Indigo', 'Iron', 'Juniper', 'Kite',
  'Lumen', 'Maple', 'Meridian', 'Nimbus', 'North', 'Nova', 'Oak', 'Onyx', 'Orbit', 'Pine',
  'Pixel', 'Polar', 'Prism', 'Quartz', 'Quill', 'Raven', 'Ridge', 'River', 'Sage', 'Signal',
  'Silver', 'Sky', 'Solar', 'Spruce', 'Summit', 'Terra', 'Tidal', 'Umber', 'Vector', 'Velvet',
  'Vista', 'Willow', 'Wren', 'Zenith', 'Atlas', 'Beacon', 'Cobalt', 'Dune', 'Flint', 'Horizon',
] as const;

// prettier-ignore
export const COMPANY_SECOND = [
  'Analytics', 'Apps', 'Bank', 'Bio', 'Cloud', 'Commerce', 'Data', 'Dynamics', 'Energy',
  'Foods', 'Health', 'Labs', 'Learning', 'Logistics', 'Media', 'Metrics', 'Networks', 'Pay',
  'Robotics', 'Security', 'Software', 'Studio', 'Systems', 'Tech', 'Travel', 'Ventures',
  'Works', 'Retail', 'Motors', 'Insights', 'Capital', 'Clinic', 'Games', 'Design', 'Markets',
  'Mobility', 'Supply', 'Payments', 'Talent', 'Legal',
] as const;

/** Distinguishes the n-th reuse of a name pair (there are only so many pairs). */
export const COMPANY_SUFFIXES = [
  'Group',
  'Global',
  'Holdings',
  'Partners',
  'International',
] as const;

export const TLDS = ['com', 'io', 'co', 'ai', 'dev', 'net'] as const;

// prettier-ignore
export const FIRST_NAMES = [
  'Alex', 'Amelia', 'Ana', 'Arjun', 'Ben', 'Carla', 'Chen', 'Chloe', 'Daniel', 'David', 'Elena',
  'Emma', 'Ethan', 'Fatima', 'Felix', 'Grace', 'Hannah', 'Hugo', 'Isabel', 'Jack', 'James',
  'Jin', 'Julia', 'Kai', 'Laura', 'Leo', 'Lucas', 'Maria', 'Maya', 'Mei', 'Mia', 'Noah',
  'Nora', 'Olivia', 'Omar', 'Priya', 'Rafael', 'Ravi', 'Rosa', 'Sam', 'Sara', 'Sofia', 'Tom',
  'Victor', 'Yuki', 'Zoe', 'Lena', 'Marco', 'Nina', 'Oscar',
] as const;

// prettier-ignore
export const LAST_NAMES = [
  'Adams', 'Ahmed', 'Baker', 'Becker', 'Brown', 'Chen', 'Clark', 'Costa', 'Davis', 'Dubois',
  'Evans', 'Fischer', 'Garcia', 'Gupta', 'Hall', 'Hansen', 'Ito', 'Jansen', 'Johnson', 'Kim',
  'Kowalski', 'Lee', 'Lopez', 'Martin', 'Meyer', 'Miller', 'Moore', 'Nakamura', 'Nguyen',
  'Novak', 'Patel', 'Perez', 'Rossi', 'Santos', 'Schmidt', 'Silva', 'Singh', 'Smith', 'Tan',
  'Taylor', 'Walker', 'Wang', 'Weber', 'White', 'Wilson', 'Wong', 'Young', 'Zhang', 'Berg', 'Cohen',
] as const;

// prettier-ignore
export const JOB_TITLES = [
  'Head of Sales', 'Account Executive', 'Customer Success Manager', 'RevOps Analyst',
  'Data Analyst', 'Product Manager', 'Software Engineer', 'VP Marketing', 'Founder', 'CTO',
  'Operations Lead', 'Support Specialist', 'Growth Marketer', 'Finance Manager',
] as const;

/** Event names with their share of traffic and a few property payloads each. */
// prettier-ignore
export const EVENT_KINDS: readonly (readonly [string, number, readonly (string | null)[]])[] = [
  ['page_view', 38, [null, '{"path":"/home"}', '{"path":"/reports"}', '{"path":"/settings"}']],
  ['feature_used', 20, ['{"feature":"alerts"}', '{"feature":"filters"}', '{"feature":"export"}']],
  ['report_viewed', 14, ['{"report":"pipeline"}', '{"report":"usage"}', '{"report":"churn"}']],
  ['login', 10, [null, '{"method":"sso"}', '{"method":"password"}']],
  ['api_call', 8, ['{"endpoint":"/v1/records"}', '{"endpoint":"/v1/events"}']],
  ['dashboard_created', 4, [null]],
  ['export_created', 3, ['{"format":"csv"}', '{"format":"xlsx"}']],
  ['invite_sent', 2, [null]],
  ['integration_connected', 1, ['{"integration":"salesforce"}', '{"integration":"slack"}']],
];
