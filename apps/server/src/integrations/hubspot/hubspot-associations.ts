import type { Client } from '@hubspot/api-client';

type FromObjectType = 'deals' | 'contacts';

/** HubSpot's defined association types "deal to primary company" and "contact to primary company". */
const PRIMARY_COMPANY_TYPE_ID: Record<FromObjectType, number> = { deals: 5, contacts: 1 };

interface AssociatedObject {
  toObjectId: string | number;
  associationTypes?: { typeId?: number }[];
}

/** The primary company among an object's associated companies, else the first one. */
function companyOf(to: AssociatedObject[], primaryTypeId: number): string | null {
  const primary = to.find((target) =>
    target.associationTypes?.some((type) => type.typeId === primaryTypeId),
  );
  const chosen = primary ?? to[0];
  return chosen ? String(chosen.toObjectId) : null;
}

/**
 * The company of each deal (or contact) of one page: the search API returns no associations
 * (ADR 0028), so one batch read of the v4 associations API follows each page. An object with
 * no company is absent from the answer (HubSpot lists it among the 207's errors).
 */
export async function companiesOf(
  client: Client,
  fromObjectType: FromObjectType,
  ids: string[],
): Promise<Map<string, string>> {
  const companies = new Map<string, string>();
  if (ids.length === 0) return companies;
  const answer = await client.crm.associations.v4.batchApi.getPage(fromObjectType, 'companies', {
    inputs: ids.map((id) => ({ id })),
  });
  for (const result of answer.results) {
    const company = companyOf(result.to, PRIMARY_COMPANY_TYPE_ID[fromObjectType]);
    if (company) companies.set(String(result._from.id), company);
  }
  return companies;
}
