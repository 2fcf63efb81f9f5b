import { BOOLEAN_OPTIONS } from '../model/enum-options.js';

/**
 * The columns a merged record carries on both base tables (ADR 0032): its CRM owner (the
 * owner's id as the CRM knows it, name and email, from the CRM a mapping joins), and on which
 * side it is known. A record only the CRM knows has `in_product` false; one no CRM knows,
 * `in_crm` false. The filter value "me" on `owner_email` is the signed-in user.
 */
export function mergedColumnDefinitions(noun: 'account' | 'user') {
  return {
    owner_id: {
      label: 'Owner ID',
      dataType: 'default' as const,
      description: `The CRM user who owns the ${noun} (its id in the CRM).`,
    },
    owner_name: {
      label: 'Owner',
      dataType: 'string' as const,
      description: `The CRM user who owns the ${noun}.`,
    },
    owner_email: {
      label: 'Owner email',
      dataType: 'email' as const,
      description: `Email of the ${noun}’s CRM owner. Filter on “me” for your own.`,
    },
    in_product: {
      label: 'In product',
      dataType: 'boolean' as const,
      options: [...BOOLEAN_OPTIONS],
      description: `Whether the product knows the ${noun} (false: only a CRM has it).`,
    },
    in_crm: {
      label: 'In CRM',
      dataType: 'boolean' as const,
      options: [...BOOLEAN_OPTIONS],
      description: `Whether a CRM knows the ${noun}.`,
    },
  };
}
