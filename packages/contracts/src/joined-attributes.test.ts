import { describe, expect, it } from 'vitest';
import { joinedAttributeName } from './joined-attributes.js';

describe('joinedAttributeName', () => {
  it('prefixes the source type to the column in snake case', () => {
    expect(joinedAttributeName('salesforce', 'Industry')).toBe('salesforce_industry');
    expect(joinedAttributeName('salesforce', 'LastModifiedDate')).toBe(
      'salesforce_last_modified_date',
    );
    expect(joinedAttributeName('salesforce', 'SLAExpirationDate__c')).toBe(
      'salesforce_sla_expiration_date_c',
    );
    expect(joinedAttributeName('hubspot', 'hubspot_owner_id')).toBe('hubspot_hubspot_owner_id');
    expect(joinedAttributeName('google_sheets', 'Billing City')).toBe('google_sheets_billing_city');
    expect(joinedAttributeName('csv', 'meta.tier')).toBe('csv_meta_tier');
    expect(joinedAttributeName('csv', 'Naïve Score2')).toBe('csv_naive_score2');
  });

  it('keeps to the 63 characters a segment column name may have', () => {
    const name = joinedAttributeName('salesforce', 'A'.repeat(40) + '_' + 'b'.repeat(40));
    expect(name).toHaveLength(63);
    expect(name).toMatch(/^[a-z][a-z0-9_]{0,62}$/);
  });
});
