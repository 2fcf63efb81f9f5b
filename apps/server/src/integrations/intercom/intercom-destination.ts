import type { DestinationField } from '@revlane/contracts';
import type { Intercom } from 'intercom-client';
import { intercomClient } from './intercom-provider.js';
import { withAccessToken, type OpenSession } from '../core/connected-session.js';
import {
  DestinationRetry,
  type Destination,
  type DestinationBatch,
  type DestinationChange,
  type DestinationContext,
  type DestinationHeld,
  type DestinationResult,
} from '../core/destination.js';
import { destinationFailure } from '../core/destination-failure.js';

/** Records per batch; each is its own calls (Intercom has no batch writes for contacts). */
const BATCH_SIZE = 50;
/** Records of a batch in flight at once. */
const PARALLEL = 5;
/** The attributes a contact can be found by (search `=`, or the id itself). */
const IDENTIFYING = new Set(['id', 'external_id', 'email']);

type Client = ReturnType<typeof intercomClient>;
type Contact = Intercom.Contact;
/** An attribute's name → its type and whether it goes under `custom_attributes`. */
type Attributes = Map<string, { type: string; custom: boolean }>;

/** intercom-client's error: the HTTP status, Intercom's `error.list`, the response's headers. */
interface IntercomFailure {
  statusCode?: number;
  body?: { errors?: { code?: string; message?: string }[] };
  rawResponse?: { headers?: unknown };
}

const failureOf = (error: unknown) => (error ?? {}) as IntercomFailure;
const statusOf = (error: unknown) => failureOf(error).statusCode;
const saidBy = (error: unknown) => {
  const said = failureOf(error).body?.errors?.[0];
  return said?.message ?? said?.code ?? (error instanceof Error ? error.message : String(error));
};

/** Intercom's own words (`error.list`) in the place `destinationFailure` reads them. */
function retryOrFail(error: unknown): Error {
  const failure = failureOf(error);
  if (failure.statusCode === undefined) return destinationFailure(error, 'Intercom');
  return destinationFailure(
    {
      statusCode: failure.statusCode,
      rawResponse: failure.rawResponse,
      body: { message: saidBy(error) },
    },
    'Intercom',
  );
}

/** A failure the whole batch waits out (429, 5xx, network), as opposed to this record's own. */
const isBatchWide = (error: unknown) => {
  const status = statusOf(error);
  return (
    status === undefined || status === 401 || status === 408 || status === 429 || status >= 500
  );
};

/** Text → the JSON type Intercom wants; a value that does not convert goes as text (refused there). */
function typed(value: string | null, type: string | undefined): unknown {
  if (value === null) return null;
  if (type === 'integer' && /^-?\d+$/.test(value)) return Number(value);
  if (type === 'float' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (type === 'date') {
    if (/^\d+$/.test(value)) return Number(value);
    const ms = Date.parse(value);
    if (!Number.isNaN(ms)) return Math.floor(ms / 1000);
  }
  return value;
}

/** A held value as text: dates (Unix seconds) as ISO, like the Intercom reader's. */
function textOf(value: unknown, type: string | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (type === 'date' && typeof value === 'number') return new Date(value * 1000).toISOString();
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A change's values as a create or update body: custom attributes under `custom_attributes`. */
function bodyOf(values: DestinationChange['values'], attributes: Attributes) {
  const body: Record<string, unknown> = {};
  const customs: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const attribute = attributes.get(field);
    (attribute?.custom ? customs : body)[field] = typed(value, attribute?.type);
  }
  return Object.keys(customs).length > 0 ? { ...body, custom_attributes: customs } : body;
}

function heldValue(contact: Contact, field: string, attributes: Attributes) {
  const attribute = attributes.get(field);
  const source = attribute?.custom
    ? (contact.custom_attributes ?? {})
    : (contact as unknown as Record<string, unknown>);
  return textOf(source[field], attribute?.type);
}

/**
 * Runs `work` for each item, `PARALLEL` at a time, in order of start. The first failure stops
 * new starts; the ones in flight finish, then it is thrown.
 */
async function eachLimited<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index]!);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}

/**
 * Intercom as an activation's destination (ADR 0033), through intercom-client: contacts found
 * by id, external id or email (search `=`), created (role user) when an upsert finds none,
 * updated with standard fields at the top and custom attributes under `custom_attributes`,
 * deleted. Intercom writes one contact a call: a batch of 50 goes a few records at a time,
 * each call paced; a record's own refusal fails that record, a 429, 5xx or network failure
 * the batch (sent again: every step looks the contact up first, so nothing doubles).
 */
export function intercomDestination(open: OpenSession): Destination {
  /** Work with a fresh token, its failure mapped (`retryOrFail`). */
  const session = async <T>(orgId: string, work: (client: Client) => Promise<T>): Promise<T> => {
    try {
      const opened = await open(orgId, 'intercom');
      return await withAccessToken(opened, (accessToken) =>
        work(intercomClient(opened.settings, accessToken)),
      );
    } catch (error) {
      throw error instanceof DestinationRetry ? error : retryOrFail(error);
    }
  };

  const attributesOf = async (client: Client, context: DestinationContext | null) => {
    await context?.pace();
    const list = await client.dataAttributes.list({ model: 'contact' });
    return list.data ?? [];
  };
  const attributeMap = (list: Intercom.DataAttribute[]): Attributes =>
    new Map(list.map((a) => [a.name, { type: a.data_type, custom: a.custom === true }]));

  /** The contact `matchField` = `key` names (the first if several), or null. */
  const find = async (
    client: Client,
    context: DestinationContext,
    matchField: string,
    key: string,
  ): Promise<Contact | null> => {
    await context.pace();
    if (matchField === 'id') {
      try {
        return await client.contacts.find({ contact_id: key });
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    }
    const page = await client.contacts.search({
      query: { field: matchField, operator: '=', value: key },
      pagination: { per_page: 1 },
    });
    return page.data[0] ?? null;
  };

  /** The contact's id: the one learnt earlier, else looked up. */
  const idOf = async (
    client: Client,
    context: DestinationContext,
    matchField: string,
    change: DestinationChange,
  ) => change.destinationId ?? (await find(client, context, matchField, change.key))?.id ?? null;

  const writeOne = async (
    client: Client,
    batch: DestinationBatch,
    attributes: Attributes,
    context: DestinationContext,
    change: DestinationChange,
  ): Promise<DestinationResult> => {
    const result = (ok: boolean, destinationId: string | null, answer: string) => ({
      key: change.key,
      ok,
      destinationId,
      answer,
    });
    const id = await idOf(client, context, batch.matchField, change);
    try {
      if (batch.operation === 'delete') {
        if (!id) return result(true, null, 'not found: nothing to delete');
        await context.pace();
        await client.contacts.delete({ contact_id: id });
        return result(true, id, 'deleted');
      }
      const body = bodyOf(change.values, attributes);
      if (id) {
        await context.pace();
        await client.contacts.update({ contact_id: id, ...body });
        return result(true, id, 'updated');
      }
      // Update touches existing contacts only; an id names one or none, it cannot create.
      if (batch.operation === 'update' || batch.matchField === 'id')
        return result(false, null, 'not found');
      await context.pace();
      const created = await client.contacts.create({
        role: 'user',
        ...body,
        [batch.matchField]: change.key,
      });
      return result(true, created.id, 'created');
    } catch (error) {
      // A contact deleted since its id was learnt: done for a delete, looked up again otherwise.
      if (statusOf(error) === 404 && change.destinationId) {
        if (batch.operation === 'delete') return result(true, null, 'not found: nothing to delete');
        return writeOne(client, batch, attributes, context, { ...change, destinationId: null });
      }
      if (isBatchWide(error)) throw error;
      return result(false, id, saidBy(error));
    }
  };

  return {
    provider: 'intercom',
    batchSize: () => BATCH_SIZE,
    async objects(orgId) {
      // Opening the session says "not connected" when it is not.
      await session(orgId, () => Promise.resolve());
      return [{ name: 'contacts', label: 'Contacts' }];
    },
    async fields(orgId, object): Promise<DestinationField[] | null> {
      if (object !== 'contacts') return null;
      const list = await session(orgId, (client) => attributesOf(client, null));
      return list.map((a) => ({
        name: a.name,
        label: a.label || a.name,
        type: a.data_type,
        identifying: !a.custom && IDENTIFYING.has(a.name),
        writable: a.api_writable === true,
      }));
    },
    async read(orgId, object, matchField, keys, fields, context) {
      if (object !== 'contacts') throw new Error(`Intercom has no object "${object}"`);
      return session(orgId, async (client) => {
        const attributes = attributeMap(await attributesOf(client, context));
        const contacts = await eachLimited(keys, (key) => find(client, context, matchField, key));
        const held = new Map<string, DestinationHeld>();
        keys.forEach((key, i) => {
          const contact = contacts[i];
          if (contact)
            held.set(key, {
              destinationId: contact.id,
              values: Object.fromEntries(
                fields.map((field) => [field, heldValue(contact, field, attributes)]),
              ),
            });
        });
        return held;
      });
    },
    async write(batch, context) {
      if (batch.object !== 'contacts') throw new Error(`Intercom has no object "${batch.object}"`);
      if (batch.changes.length === 0) return [];
      return session(batch.orgId, async (client) => {
        const attributes = attributeMap(await attributesOf(client, context));
        return eachLimited(batch.changes, (change) =>
          writeOne(client, batch, attributes, context, change),
        );
      });
    },
  };
}
