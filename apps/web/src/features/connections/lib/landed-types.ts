/**
 * Warehouse types in the words the source card uses. `integer`, `decimal` and
 * `integer_list` are the warehouse's own types, which a landed column can carry too.
 */
const LANDED_TYPE_WORDS: Record<string, string> = {
  text: 'text',
  integer: 'whole number',
  bigint: 'whole number',
  double: 'number',
  decimal: 'decimal',
  date: 'date',
  timestamp: 'date and time',
  boolean: 'true/false',
  json: 'JSON',
  text_list: 'list of text',
  integer_list: 'list of whole numbers',
  bigint_list: 'list of whole numbers',
};

/**
 * What a column landed as, in words: "whole number", "decimal (38, 10)", … A type the card
 * does not know yet (one the server added later) shows as the server names it rather than
 * not at all.
 */
export function describeLandedAs(landedAs: string): string {
  // An exact decimal keeps its precision and scale: they say how many digits it holds.
  const decimal = /^decimal\((\d+),\s*(\d+)\)$/.exec(landedAs);
  if (decimal) return `decimal (${decimal[1]}, ${decimal[2]})`;
  return LANDED_TYPE_WORDS[landedAs] ?? landedAs;
}
