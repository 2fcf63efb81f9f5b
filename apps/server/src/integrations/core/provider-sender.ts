import type { ActionOutcome } from './action-outcome.js';
import { outcomeOfProviderError } from './provider-outcome.js';

/** One item for a provider's sender: the rendered action and its idempotency key (ADR 0024). */
export interface ProviderSend<Rendered> {
  orgId: string;
  /** `<play>:<action>:<record>:<entry moment>`: the provider keeps it, so a resend is seen. */
  key: string;
  rendered: Rendered;
}

export type ProviderSender<Rendered> = (send: ProviderSend<Rendered>) => Promise<ActionOutcome>;

/** A CRM task as `renderAction` renders it (Salesforce and HubSpot alike). */
export interface RenderedTask {
  subject: string;
  description: string;
  /** `YYYY-MM-DD`: today + the action's due days. */
  dueDate: string;
  ownerId: string | null;
  recordId: string;
  /**
   * The CRM records the task is about (ADR 0032): the record's own id in that CRM and its
   * account's (`salesforce_id`, `account_salesforce_id`), the record's id last.
   */
  crmRecordIds: string[];
}

export const NO_OWNER: ActionOutcome = {
  kind: 'permanent',
  error: 'The record has no CRM owner (owner_id): the task would have nobody to do it',
};

/** Runs one provider call; whatever it throws becomes the run's outcome (one mapping). */
export async function guarded(
  label: string,
  work: () => Promise<ActionOutcome>,
): Promise<ActionOutcome> {
  try {
    return await work();
  } catch (error) {
    return outcomeOfProviderError(error, label);
  }
}
