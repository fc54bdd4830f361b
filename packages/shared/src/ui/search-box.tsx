import { useState } from 'react';
import { Input } from 'antd';

export interface SearchBoxProps {
  /** The applied search (from the URL). */
  value: string;
  onApply: (text: string) => void;
  /** Its accessible name. */
  label: string;
  placeholder?: string;
  width?: number;
}

/** A list's text search: applied on Enter or the search button, not on every key. */
export function SearchBox({
  value,
  onApply,
  label,
  placeholder = label,
  width = 260,
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  // Follows the applied value when it changes from outside (a reset, the back button).
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder}
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(next) => {
        if (next.trim() !== value) onApply(next.trim());
      }}
      style={{ width, maxWidth: '100%' }}
    />
  );
}
