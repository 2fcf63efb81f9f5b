import { createHash } from 'node:crypto';
import type { Connection as SalesforceApi } from 'jsforce';
import type { ConnectionSession } from '../core/connection-session.js';
import { sessionConnection } from './salesforce-provider.js';
import { TASK_KEY_FIELD } from './salesforce-fake.js';
import type { OpenSession } from '../core/connected-session.js';
import {
  guarded,
  NO_OWNER,
  type ProviderSender,
  type RenderedTask,
} from '../core/provider-sender.js';

interface UpsertAnswer {
  id?: string;
  success: boolean;
  errors?: { message?: string; statusCode?: string }[];
}

/** An external id field holds 255 characters: a longer key is sent as its digest. */
const EXTERNAL_ID_MAX = 255;
const externalIdOf = (key: string) =>
  key.length <= EXTERNAL_ID_MAX ? key : createHash('sha256').update(key).digest('hex');

/**
 * Accounts and opportunities are what a task is about (WhatId); contacts and leads whom
 * (WhoId). Of the record's Salesforce ids (its own, its account's: ADR 0032), the first of
 * each kind, told apart by Salesforce's key prefixes.
 */
function linksOf(recordIds: string[]): { WhatId?: string; WhoId?: string } {
  const what = recordIds.find((id) => /^(001|006)[A-Za-z0-9]{9,15}$/.test(id));
  const who = recordIds.find((id) => /^(003|00Q)[A-Za-z0-9]{9,15}$/.test(id));
  return { ...(what ? { WhatId: what } : {}), ...(who ? { WhoId: who } : {}) };
}

/**
 * `salesforce_task` (ADR 0024): a Task upserted through jsforce on the `Revlane_Key__c`
 * external id (the idempotency key), so a resend updates the task it made instead of making
 * another; OwnerId from the record's CRM owner, ActivityDate = today + due days, WhatId /
 * WhoId when the record is a Salesforce object. The task's id is the item's external id.
 */
export function salesforceTaskSender(open: OpenSession): ProviderSender<RenderedTask> {
  const apis = new WeakMap<ConnectionSession, SalesforceApi>();
  return ({ orgId, key, rendered }) =>
    guarded('Salesforce', async () => {
      if (!rendered.ownerId) return NO_OWNER;
      const session = await open(orgId, 'salesforce');
      let api = apis.get(session);
      if (!api) {
        api = sessionConnection(session, (await session.current()).accessToken);
        apis.set(session, api);
      }
      const answer = (await api.sobject('Task').upsert(
        {
          // jsforce puts the value in the URL path as it is: the key's own characters encoded.
          [TASK_KEY_FIELD]: encodeURIComponent(externalIdOf(key)),
          OwnerId: rendered.ownerId,
          Subject: rendered.subject,
          Description: rendered.description,
          ActivityDate: rendered.dueDate,
          Status: 'Not Started',
          ...linksOf(rendered.crmRecordIds),
        },
        TASK_KEY_FIELD,
      )) as UpsertAnswer;
      if (!answer.success || !answer.id)
        return {
          kind: 'permanent',
          error: `Salesforce: ${answer.errors?.map((e) => e.message).join('; ') || 'not saved'}`,
        };
      return { kind: 'sent', externalId: answer.id };
    });
}
