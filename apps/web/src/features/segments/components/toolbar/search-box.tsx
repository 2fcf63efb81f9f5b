import { Input } from 'antd';
import { useState } from 'react';
import { useDebouncedCallback } from '../../hooks/use-debounced-callback';

const SEARCH_DELAY_MS = 350;

interface SearchBoxProps {
  value: string;
  onSearch: (search: string) => void;
}

/** Free-text search, applied once typing pauses (or at once with Enter). */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const debounced = useDebouncedCallback((next: string) => {
    if (next !== value) onSearch(next);
  }, SEARCH_DELAY_MS);
  // The URL may change under us (back button, "Clear filters"): follow it.
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }
  return (
    <Input.Search
      aria-label="Search records"
      placeholder="Search"
      allowClear
      // As wide as the toolbar gives it (segment-toolbar.tsx).
      className="w-full"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        debounced.schedule(event.target.value.trim());
      }}
      onSearch={(next) => {
        debounced.cancel();
        onSearch(next.trim());
      }}
    />
  );
}
