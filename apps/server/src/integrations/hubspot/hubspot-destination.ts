import type {
  SimplePublicObject,
  SimplePublicUpsertObject,
  StandardError,
} from '@hubspot/api-client/lib/codegen/crm/objects/index.js';
import type { DestinationField } from '@revlane/contracts';
import { hubspotClient } from './hubspot-provider.js';
import { withAccessToken, type OpenSession } from '../core/connected-session.js';
import {
  type Destination,
  type DestinationBatch,
  type DestinationChange,
  type DestinationContext,
  type DestinationHeld,
  type DestinationResult,
  type RequestLimit,
} from '../core/destination.js';
import { destinationFailure } from '../core/destination-failure.js';

/** HubSpot's private-app limit: 190 requests per rolling 10 seconds (the engine's pacer, the fake). */
export const HUBSPOT_REQUEST_LIMIT: RequestLimit = { requests: 190, windowMs: 10_000 };

/** HubSpot's batch endpoints take at most 100 inputs. */
const BATCH_SIZE = 100;
/** The record id: every object has it, but batch upsert cannot create by it. */
const RECORD_ID = 'hs_object_id';

const OBJECTS = [
  { name: 'companies', label: 'Companies' },
  { name: 'contacts', label: 'Contacts' },
];

type HubSpot = ReturnType<typeof hubspotClient>;
/** A batch call's answer: its results, and on a 207 the errors of the other inputs. */
interface BatchAnswer<Result> {
  results: Result[];
  errors?: StandardError[];
}

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );

/** HubSpot clears a property with an empty string; null would be refused. */
const sentValues = (values: DestinationChange['values']) =>
  Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value ?? '']));

/**
 * Finds the change a result or an error names: by the exact key, else ignoring case (HubSpot
 * keeps a contact's email lowercase).
 */
function changeFinder(changes: DestinationChange[]) {
  const exact = new Map(changes.map((change) => [change.key, change]));
  const folded = new Map(changes.map((change) => [change.key.toLowerCase(), change]));
  return (value: string | null | undefined) =>
    value === null || value === undefined
      ? undefined
      : (exact.get(value) ?? folded.get(value.toLowerCase()));
}

/**
 * One answer per change from a batch answer (a 207 is partial success): results by the
 * property they were matched on, errors by the input ids in their `context`; a change named by
 * neither was not answered, which fails it (the engine sends it again).
 */
function answersOf<Result extends SimplePublicObject>(
  changes: DestinationChange[],
  answer: BatchAnswer<Result>,
  keyOf: (result: Result) => string | null | undefined,
  succeeded: (result: Result) => string,
): DestinationResult[] {
  const find = changeFinder(changes);
  const answered = new Map<DestinationChange, DestinationResult>();
  for (const result of answer.results) {
    const change = find(keyOf(result));
    if (change)
      answered.set(change, {
        key: change.key,
        ok: true,
        destinationId: result.id,
        answer: succeeded(result),
      });
  }
  for (const error of answer.errors ?? []) {
    const said = error.category === 'OBJECT_NOT_FOUND' ? 'not found' : error.message;
    for (const id of Object.values(error.context ?? {}).flat()) {
      const change = find(id);
      if (change && !answered.has(change))
        answered.set(change, {
          key: change.key,
          ok: false,
          destinationId: change.destinationId,
          answer: said,
        });
    }
  }
  return changes.map(
    (change) =>
      answered.get(change) ?? {
        key: change.key,
        ok: false,
        destinationId: change.destinationId,
        answer: 'HubSpot did not answer for this record',
      },
  );
}

/**
 * HubSpot as an activation's destination (ADR 0033), through @hubspot/api-client's CRM batch
 * endpoints, 100 records a call: upsert by a unique property (`batch/upsert`), update by any
 * identifying property (`batch/update`; a key not found fails "not found"), delete by record
 * id (`batch/archive`, ids looked up with `batch/read` when not known yet). Fields come from
 * the properties API. Every HTTP call waits for the engine's pacer first.
 */
export function hubspotDestination(open: OpenSession): Destination {
  /** One HTTP call with a fresh token, paced, its failure mapped (`destinationFailure`). */
  const call = async <T>(
    orgId: string,
    context: DestinationContext | null,
    work: (client: HubSpot) => Promise<T>,
  ): Promise<T> => {
    try {
      const session = await open(orgId, 'hubspot');
      return await withAccessToken(session, async (accessToken) => {
        await context?.pace();
        return work(hubspotClient(session.settings, accessToken));
      });
    } catch (error) {
      throw destinationFailure(error, 'HubSpot');
    }
  };

  const knownObject = (object: string) => {
    if (!OBJECTS.some((o) => o.name === object))
      throw new Error(`HubSpot has no object "${object}": use companies or contacts.`);
  };

  /** The records `keys` name by `matchField` (at most 100), with `properties`. */
  const readBatch = async (
    orgId: string,
    object: string,
    matchField: string,
    keys: string[],
    properties: string[],
    context: DestinationContext,
  ) => {
    const answer = await call(orgId, context, (client) =>
      client.crm.objects.batchApi.read(object, {
        ...(matchField === RECORD_ID ? {} : { idProperty: matchField }),
        inputs: keys.map((id) => ({ id })),
        properties: [...new Set([...properties, matchField])],
        propertiesWithHistory: [],
      }),
    );
    const find = changeFinder(keys.map((key) => ({ key, destinationId: null, values: {} })));
    const found = new Map<string, SimplePublicObject>();
    for (const result of answer.results) {
      const change = find(matchField === RECORD_ID ? result.id : result.properties[matchField]);
      if (change) found.set(change.key, result);
    }
    return found;
  };

  const update = async (batch: DestinationBatch, context: DestinationContext) => {
    const byId = batch.matchField === RECORD_ID;
    const answer = await call(batch.orgId, context, (client) =>
      client.crm.objects.batchApi.update(batch.object, {
        inputs: batch.changes.map((change) => ({
          id: change.key,
          // The key is sent as a value too, so the answer names it whatever HubSpot echoes.
          ...(byId
            ? { properties: sentValues(change.values) }
            : {
                idProperty: batch.matchField,
                properties: { ...sentValues(change.values), [batch.matchField]: change.key },
              }),
        })),
      }),
    );
    return answersOf(
      batch.changes,
      answer,
      (result) => (byId ? result.id : result.properties[batch.matchField]),
      () => 'updated',
    );
  };

  const upsert = async (batch: DestinationBatch, context: DestinationContext) => {
    const answer = await call(batch.orgId, context, (client) =>
      client.crm.objects.batchApi.upsert(batch.object, {
        inputs: batch.changes.map((change) => ({
          id: change.key,
          idProperty: batch.matchField,
          properties: { ...sentValues(change.values), [batch.matchField]: change.key },
        })),
      }),
    );
    return answersOf<SimplePublicUpsertObject>(
      batch.changes,
      answer,
      (result) => result.properties[batch.matchField],
      (result) => (result._new ? 'created' : 'updated'),
    );
  };

  const remove = async (batch: DestinationBatch, context: DestinationContext) => {
    const unknown = batch.changes.filter((change) => !change.destinationId);
    const found =
      batch.matchField === RECORD_ID || unknown.length === 0
        ? null
        : await readBatch(
            batch.orgId,
            batch.object,
            batch.matchField,
            unknown.map((change) => change.key),
            [],
            context,
          );
    const idOf = (change: DestinationChange) =>
      change.destinationId ??
      (batch.matchField === RECORD_ID ? change.key : (found?.get(change.key)?.id ?? null));
    const ids = [...new Set(batch.changes.map(idOf).filter((id): id is string => id !== null))];
    if (ids.length > 0)
      await call(batch.orgId, context, (client) =>
        client.crm.objects.batchApi.archive(batch.object, { inputs: ids.map((id) => ({ id })) }),
      );
    // Archive answers 204 for every id, known or not: a record already gone counts as done.
    return batch.changes.map((change) => {
      const id = idOf(change);
      return {
        key: change.key,
        ok: true,
        destinationId: id,
        answer: id ? 'deleted' : 'not found: nothing to delete',
      };
    });
  };

  return {
    provider: 'hubspot',
    batchSize: () => BATCH_SIZE,
    async objects(orgId) {
      // Opening the session says "not connected" when it is not.
      await call(orgId, null, () => Promise.resolve());
      return OBJECTS;
    },
    async fields(orgId, object): Promise<DestinationField[] | null> {
      if (!OBJECTS.some((o) => o.name === object)) return null;
      const answer = await call(orgId, null, (client) =>
        client.crm.properties.coreApi.getAll(object, false),
      );
      return answer.results.map((property) => ({
        name: property.name,
        label: property.label,
        type: property.type,
        identifying:
          property.hasUniqueValue === true ||
          property.name === RECORD_ID ||
          (object === 'contacts' && property.name === 'email'),
        writable:
          property.modificationMetadata?.readOnlyValue !== true && property.calculated !== true,
      }));
    },
    async read(orgId, object, matchField, keys, fields, context) {
      knownObject(object);
      const held = new Map<string, DestinationHeld>();
      for (const part of chunks(keys, BATCH_SIZE)) {
        const found = await readBatch(orgId, object, matchField, part, fields, context);
        for (const [key, record] of found)
          held.set(key, {
            destinationId: record.id,
            values: Object.fromEntries(
              // An empty value is a cleared property, as a null is.
              fields.map((field) => [field, record.properties[field] || null]),
            ),
          });
      }
      return held;
    },
    async write(batch, context) {
      knownObject(batch.object);
      if (batch.changes.length > BATCH_SIZE)
        throw new Error(`HubSpot takes at most ${BATCH_SIZE} records a call`);
      if (batch.changes.length === 0) return [];
      if (batch.operation === 'delete') return remove(batch, context);
      // Upsert cannot create by record id: a record id names an existing record or none.
      if (batch.operation === 'update' || batch.matchField === RECORD_ID)
        return update(batch, context);
      return upsert(batch, context);
    },
  };
}
