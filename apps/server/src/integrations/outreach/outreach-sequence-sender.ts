import type { ProviderSettings } from '../../platform/connections-config.js';
import { outreachGet, outreachMessage } from './outreach-provider.js';
import { fetchJson, ProviderHttpError } from '../core/provider-http.js';
import { withAccessToken, type OpenSession } from '../core/connected-session.js';
import { guarded, type ProviderSender } from '../core/provider-sender.js';

export interface RenderedSequence {
  sequenceId: string;
  email: string;
}

interface JsonApiList {
  data: { id: number }[];
}

/** Outreach's answer when the prospect is in the sequence already: the work is done. */
const ALREADY_IN_SEQUENCE = /already (active )?in (this|the) sequence/i;

/**
 * `outreach_sequence` (ADR 0024), JSON:API over fetch (Outreach has no Node client): the
 * prospect found by email or created, then a sequence state adding it to the sequence from
 * the user's first mailbox. "Already in the sequence" counts as done (the existing state is
 * the external id), so a resend never adds twice.
 */
export function outreachSequenceSender(open: OpenSession): ProviderSender<RenderedSequence> {
  return ({ orgId, rendered }) =>
    guarded('Outreach', async () => {
      if (!/^\S+@\S+$/.test(rendered.email))
        return { kind: 'permanent', error: `Outreach: "${rendered.email}" is not an email` };
      const session = await open(orgId, 'outreach');
      return withAccessToken(session, async (accessToken) => {
        const api = outreachApi(session.settings, accessToken);
        const prospect = await api.findOrCreateProspect(rendered.email);
        const mailbox = await api.firstId('mailboxes', {});
        if (mailbox === null)
          return { kind: 'permanent', error: 'Outreach: the user has no mailbox to send from' };
        try {
          const state = await api.post<{ data: { id: number } }>('sequenceStates', {
            type: 'sequenceState',
            relationships: {
              prospect: { data: { type: 'prospect', id: prospect } },
              sequence: { data: { type: 'sequence', id: Number(rendered.sequenceId) } },
              mailbox: { data: { type: 'mailbox', id: mailbox } },
            },
          });
          return { kind: 'sent', externalId: String(state.data.id) };
        } catch (error) {
          if (!(error instanceof ProviderHttpError && ALREADY_IN_SEQUENCE.test(error.message)))
            throw error;
          const existing = await api.firstId('sequenceStates', {
            'filter[prospect][id]': String(prospect),
            'filter[sequence][id]': rendered.sequenceId,
          });
          return { kind: 'sent', externalId: existing === null ? null : String(existing) };
        }
      });
    });
}

function outreachApi(settings: ProviderSettings, accessToken: string) {
  const root = `${settings.apiUrl.replace(/\/$/, '')}/api/v2`;
  const api = {
    async firstId(collection: string, filters: Record<string, string>): Promise<number | null> {
      const url = new URL(`${root}/${collection}`);
      for (const [name, value] of Object.entries(filters)) url.searchParams.set(name, value);
      url.searchParams.set('page[size]', '1');
      const list = await outreachGet<JsonApiList>(url.toString(), accessToken);
      return list.data[0]?.id ?? null;
    },
    post<T>(collection: string, data: object): Promise<T> {
      return fetchJson<T>(
        `${root}/${collection}`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${accessToken}`,
            'content-type': 'application/vnd.api+json',
            accept: 'application/vnd.api+json',
          },
          body: JSON.stringify({ data }),
        },
        outreachMessage,
      );
    },
    async findOrCreateProspect(email: string): Promise<number> {
      const found = await api.firstId('prospects', { 'filter[emails]': email });
      if (found !== null) return found;
      const created = await api.post<{ data: { id: number } }>('prospects', {
        type: 'prospect',
        attributes: { emails: [email] },
      });
      return created.data.id;
    },
  };
  return api;
}
