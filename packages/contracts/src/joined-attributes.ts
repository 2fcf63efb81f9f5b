/** The longest segment column name a joined attribute may take (`attributeName` in mapping.ts). */
const NAME_MAX = 63;

/**
 * The segment column a joined table's attribute becomes when the user does not name it
 * (ADR 0032): the source type, then the column in snake case — `Industry` of a Salesforce
 * table is `salesforce_industry`, `LastModifiedDate` `salesforce_last_modified_date`. Here
 * once so the editor shows the name the server gives.
 */
export function joinedAttributeName(sourceType: string, column: string): string {
  const snake = column
    .normalize('NFKD')
    // Accents come apart from their letters under NFKD and are dropped: `naïve` → `naive`.
    .replace(/\p{M}+/gu, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `${sourceType}_${snake}`.slice(0, NAME_MAX).replace(/_+$/, '');
}
