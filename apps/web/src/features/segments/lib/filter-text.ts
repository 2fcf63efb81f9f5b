/**
 * Filters in words: the sentences live in the contracts, so the server's score reasons read
 * a filter exactly as its chip does ("+20 Plan is any of Pro").
 */
export { describeFilter, describeFilterItem, describeFilterList } from '@revlane/contracts';
