import type { DiscoveredTable } from '@revlane/contracts';
import type { LogicalType } from '../../warehouse/index.js';
import type { ExtractOptions, ExtractResult } from './connector.js';
import { writeCsvFile } from './csv-encoder.js';

/**
 * A field of an object an API source declares up front (a CRM's), not found in a catalogue:
 * its name and warehouse type, then whatever the provider needs to read it.
 */
export type DeclaredField = readonly [name: string, type: LogicalType, ...rest: unknown[]];

/** The columns of declared fields, as discovery and previews show them. */
export const declaredColumns = (fields: readonly DeclaredField[]) =>
  fields.map(([name, type]) => ({ name, type }));

/** An object of declared fields as discovery lists it: a provider gives no row count up front. */
export const declaredTable = (name: string, fields: readonly DeclaredField[]): DiscoveredTable => ({
  name,
  columns: declaredColumns(fields),
  rowEstimate: null,
});

/**
 * Writes the rows of declared fields into the load file and answers the extract's result;
 * `cursor` is read once every row is written, since reading the rows moves it on.
 */
export async function writeDeclaredRows(
  file: string,
  fields: readonly DeclaredField[],
  rows: AsyncIterable<readonly unknown[]>,
  options: ExtractOptions,
  cursor: () => string | null,
): Promise<ExtractResult> {
  const count = await writeCsvFile(
    file,
    fields.map(([name]) => name),
    rows,
    options,
  );
  return {
    columns: fields.map(([name, type]) => ({ name, sourceType: type, type })),
    rows: count,
    cursor: cursor(),
  };
}
