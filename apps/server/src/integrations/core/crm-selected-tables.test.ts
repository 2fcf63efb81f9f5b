import { describe, expect, it } from 'vitest';
import { crmSelectedTables } from './crm-connector.js';
import { hubspotReader } from '../hubspot/hubspot-reader.js';
import { intercomReader } from '../intercom/intercom-reader.js';
import { outreachReader } from '../outreach/outreach-reader.js';

describe('CRM tables: incremental ones merge on the record id', () => {
  it.each([
    ['HubSpot', hubspotReader],
    ['Intercom', intercomReader],
    ['Outreach', outreachReader],
  ])('%s: every table with a modified date is keyed by its id column', (_label, reader) => {
    for (const table of crmSelectedTables(reader)) {
      const fields = reader.tables[table.name]!.fields.map(([name]) => name);
      if (table.cursorColumn) {
        expect(table.primaryKey, table.name).toBe('id');
        expect(fields, table.name).toContain('id');
      } else {
        expect(table.primaryKey, table.name).toBeUndefined();
      }
    }
  });
});
