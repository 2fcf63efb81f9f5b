const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a string can be compared with a uuid column: PostgreSQL refuses anything else with
 * an error, so an id from a URL is checked first and a malformed one is simply "not found".
 */
export const isUuid = (value: string) => UUID_PATTERN.test(value);
