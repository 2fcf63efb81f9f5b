import type {
  Activation,
  ActivationRun,
  ActivationRunRecord,
  CreateActivationBody,
  DestinationField,
} from '@revlane/contracts';

export const MAIN = '/api/v1';
export const ACTIVATION_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
export const RUN_ID = 'a1b2c3d4-0000-4000-8000-0000000000r1';
/** The id of "Big Pro accounts" of segment seg-1, as the cohorts' fixtures have it. */
export const COHORT_ID = '0b6f7f5e-7c55-4bd4-9d3a-2f0c1c7a4e01';

export const activationRun = (overrides: Partial<ActivationRun> = {}): ActivationRun => ({
  id: RUN_ID,
  activationId: ACTIVATION_ID,
  status: 'partial',
  dryRun: false,
  retryFailed: false,
  trigger: 'manual',
  counts: { added: 12, changed: 3, removed: 0, unchanged: 40, failed: 1 },
  planned: 16,
  done: 16,
  startedAt: '2026-03-04T09:15:00.000Z',
  finishedAt: '2026-03-04T09:16:05.000Z',
  createdAt: '2026-03-04T09:14:59.000Z',
  error: null,
  notes: [],
  ...overrides,
});

/** MRR and plan of "Big Pro accounts" to Salesforce accounts, matched on their id. */
export const activation = (overrides: Partial<Activation> = {}): Activation => ({
  id: ACTIVATION_ID,
  name: 'Pro accounts to Salesforce',
  cohortId: COHORT_ID,
  cohortName: 'Big Pro accounts',
  destination: { provider: 'salesforce', object: 'Account' },
  match: { column: 'owner_email', field: 'Owner_Email__c' },
  mode: 'update',
  fields: [{ column: 'mrr', field: 'MRR__c' }],
  schedule: 'daily',
  onLeave: 'nothing',
  lastRun: activationRun(),
  nextRunAt: '2026-03-05T06:00:00.000Z',
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

/** The body that saves `activation()`: its editable fields, as the editor sends them. */
export const activationBody = (
  overrides: Partial<CreateActivationBody> = {},
): CreateActivationBody => {
  const { name, cohortId, destination, match, mode, fields, schedule, onLeave } = activation();
  return { name, cohortId, destination, match, mode, fields, schedule, onLeave, ...overrides };
};

export const activationPage = (items: Activation[]) => ({
  items,
  total: items.length,
  page: 1,
  perPage: 500,
});

export const salesforceObjects = [
  { name: 'Account', label: 'Account' },
  { name: 'Contact', label: 'Contact' },
];

export const accountFields: DestinationField[] = [
  { name: 'Id', label: 'Account ID', type: 'id', identifying: true, writable: false },
  {
    name: 'Owner_Email__c',
    label: 'Owner email',
    type: 'email',
    identifying: true,
    writable: true,
  },
  { name: 'MRR__c', label: 'MRR', type: 'currency', identifying: false, writable: true },
  { name: 'Plan__c', label: 'Plan', type: 'picklist', identifying: false, writable: true },
  { name: 'CreatedDate', label: 'Created', type: 'datetime', identifying: false, writable: false },
];

export const runRecord = (overrides: Partial<ActivationRunRecord> = {}): ActivationRunRecord => ({
  key: 'ada@acme.test',
  status: 'changed',
  change: 'changed',
  outcome: 'succeeded',
  sent: [{ field: 'MRR__c', before: '1200', after: '1500' }],
  destinationId: '001XX000003DHPh',
  answer: null,
  ...overrides,
});

export const recordPage = (items: ActivationRunRecord[], total = items.length) => ({
  items,
  total,
  page: 1,
  perPage: 50,
});
