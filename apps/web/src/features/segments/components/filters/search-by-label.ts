import type { SelectProps } from 'antd';

type SearchConfig = Exclude<SelectProps['showSearch'], boolean | undefined>;

/** 0 for the label typed in full, 1 for a label starting with it, 2 for one holding it. */
function closeness(label: unknown, search: string): number {
  const text = typeof label === 'string' ? label.toLowerCase() : '';
  const typed = search.toLowerCase();
  if (text === typed) return 0;
  return text.startsWith(typed) ? 1 : 2;
}

/**
 * Typing in a select of the filter builder finds options by the label the user reads,
 * case-insensitively, never by the stored value; the closest label comes first, so Enter
 * takes the option the text names ("greater than" before "greater than or equal").
 */
export const SEARCH_BY_LABEL: SearchConfig = {
  optionFilterProp: 'label',
  filterSort: (a, b, { searchValue }) =>
    closeness(a.label, searchValue) - closeness(b.label, searchValue),
};
