import type {
  AssociationSpecAssociationCategoryEnum,
  FilterOperatorEnum,
} from '@hubspot/api-client/lib/codegen/crm/objects/tasks/index.js';
import { hubspotClient } from './hubspot-provider.js';
import { TASK_KEY_PROPERTY } from './hubspot-fake.js';
import { withAccessToken, type OpenSession } from '../core/connected-session.js';
import {
  guarded,
  NO_OWNER,
  type ProviderSender,
  type RenderedTask,
} from '../core/provider-sender.js';

type HubSpot = ReturnType<typeof hubspotClient>;

/** The task already made for this key, if any (HubSpot's search, EQ on the unique property). */
async function findTask(client: HubSpot, key: string): Promise<string | null> {
  const found = await client.crm.objects.tasks.searchApi.doSearch({
    filterGroups: [
      {
        filters: [
          { propertyName: TASK_KEY_PROPERTY, operator: 'EQ' as FilterOperatorEnum, value: key },
        ],
      },
    ],
    properties: [TASK_KEY_PROPERTY],
    limit: 1,
  });
  return found.results[0]?.id ?? null;
}

/** HubSpot's own association type of a task to a company. */
const TASK_TO_COMPANY = 192;

/**
 * The task's company (ADR 0032): the record's HubSpot company id (its own on a companies
 * record, its account's on a contact), a HubSpot id being all digits.
 */
function companyOf(recordIds: string[]) {
  const company = recordIds.find((id) => /^\d+$/.test(id));
  return company
    ? [
        {
          to: { id: company },
          types: [
            {
              associationCategory: 'HUBSPOT_DEFINED' as AssociationSpecAssociationCategoryEnum,
              associationTypeId: TASK_TO_COMPANY,
            },
          ],
        },
      ]
    : [];
}

/**
 * `hubspot_task` (ADR 0024): a CRM task through @hubspot/api-client carrying the idempotency
 * key in the unique `revlane_key` property: searched first, created when absent; a 409 (a
 * create that raced, or landed before a crash) is looked up again. Subject, body, due
 * (`hs_timestamp`) and `hubspot_owner_id` from the record's CRM owner.
 */
export function hubspotTaskSender(open: OpenSession): ProviderSender<RenderedTask> {
  return ({ orgId, key, rendered }) =>
    guarded('HubSpot', async () => {
      if (!rendered.ownerId) return NO_OWNER;
      const session = await open(orgId, 'hubspot');
      return withAccessToken(session, async (accessToken) => {
        const client = hubspotClient(session.settings, accessToken);
        const existing = await findTask(client, key);
        if (existing) return { kind: 'sent', externalId: existing };
        try {
          const task = await client.crm.objects.tasks.basicApi.create({
            properties: {
              hs_task_subject: rendered.subject,
              hs_task_body: rendered.description,
              hs_timestamp: `${rendered.dueDate}T00:00:00.000Z`,
              hs_task_status: 'NOT_STARTED',
              hubspot_owner_id: rendered.ownerId!,
              [TASK_KEY_PROPERTY]: key,
            },
            associations: companyOf(rendered.crmRecordIds),
          });
          return { kind: 'sent', externalId: task.id };
        } catch (error) {
          if ((error as { code?: unknown }).code !== 409) throw error;
          return { kind: 'sent', externalId: await findTask(client, key) };
        }
      });
    });
}
