import { DebouncedInput } from './debounced-input';

export interface SearchBoxProps {
  /** The applied search (from the URL). */
  value: string;
  onApply: (text: string) => void;
  /** Its accessible name. */
  label: string;
  placeholder?: string;
  width?: number;
}

/**
 * A list's text search, the one way every list searches: the trimmed text applies once typing
 * pauses (the list is not asked again for every key) and at once on Enter or the search button;
 * it follows the applied value when that changes from outside (a reset, the back button).
 */
export function SearchBox({
  value,
  onApply,
  label,
  placeholder = label,
  width = 260,
}: SearchBoxProps) {
  return (
    <DebouncedInput
      search
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={onApply}
      style={{ width, maxWidth: '100%' }}
    />
  );
}
