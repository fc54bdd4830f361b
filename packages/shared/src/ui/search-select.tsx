import { Spin } from 'antd';
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useDebouncedValue } from '@tour/shared';
import { Select } from './select';

const SEARCH_DELAY_MS = 300;

/** What an RTK Query hook answers that a picker reads. */
export interface FoundItems<T> {
  data?: T[];
  isFetching: boolean;
  isError?: boolean;
}

/** What every picker built on `SearchSelect` takes from its caller (a filter or a Form.Item). */
export interface SearchSelectFieldProps {
  /** The chosen item's id; null or undefined: none. */
  value?: number | null;
  /** Set by Form.Item: the field's id, so that its label names the select. */
  id?: string;
  /** The accessible name when no label names it (a filter). */
  label?: string;
  placeholder?: string;
  style?: CSSProperties;
  status?: 'error' | 'warning';
}

export interface SearchSelectProps<
  T extends { id: number },
  Q = undefined,
> extends SearchSelectFieldProps {
  /** The chosen id (null when cleared) and the item as it was offered (null when cleared). */
  onChange?: (id: number | null, item: T | null) => void;
  /**
   * The server's answer for the typed text, debounced; `skip` until the list is first opened
   * (an RTK Query hook called with its `skip` option), within the caller's `query`.
   */
  useFound: (term: string, skip: boolean, query: Q) => FoundItems<T>;
  /** What narrows the search besides the text (a role, a kind), passed to `useFound`. */
  query?: Q;
  /**
   * The item of a value that was not picked here (from the URL, a form), asked by its id;
   * `null`: nothing to ask. Without it, such a value shows `texts.unknown`.
   */
  useChosen?: (id: number | null) => FoundItems<T>;
  /** An item as the list and the field name it (never its bare id). */
  describe: (item: T) => string;
  texts: {
    /** The list could not be loaded. */
    failed: string;
    /** Nothing found for `term` ('' before anything is typed). */
    notFound: (term: string) => ReactNode;
    /** A value whose item is not known (not found, or not asked). */
    unknown: string;
  };
  /**
   * Each option wrapped onto as many lines as it needs in a list as wide as the field (a phone
   * shows the whole of a long one); otherwise the list is as wide as its longest option.
   */
  wrapOptions?: boolean;
}

/**
 * The one way a picker finds its items on the server as one types: debounced, nothing asked
 * before the list is first opened, a value set elsewhere shown by its name («Загрузка…» until it
 * arrives), the keyboard working as in any select. Trips, users, tourists and suppliers are
 * picked with it.
 */
export function SearchSelect<T extends { id: number }, Q = undefined>({
  value,
  onChange,
  useFound,
  query,
  useChosen,
  describe,
  texts,
  wrapOptions = false,
  id,
  label,
  placeholder,
  style,
  status,
}: SearchSelectProps<T, Q>) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<T | null>(null);
  const term = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const found = useFound(term, !opened, query as Q);
  const chosen = useChosen?.(value != null && picked?.id !== value ? value : null);

  const options = useMemo(() => {
    const list = (found.data ?? []).map((item) => ({ value: item.id, label: describe(item) }));
    if (value != null && !list.some((option) => option.value === value)) {
      const item = picked?.id === value ? picked : chosen?.data?.find((one) => one.id === value);
      const unknown = chosen?.isFetching ? 'Загрузка…' : texts.unknown;
      list.unshift({ value, label: item ? describe(item) : unknown });
    }
    return list;
  }, [found.data, chosen?.data, chosen?.isFetching, picked, value, describe, texts.unknown]);

  return (
    <Select<number>
      id={id}
      aria-label={label}
      placeholder={placeholder}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      options={options}
      status={status}
      onChange={(next) => {
        const item = found.data?.find((one) => one.id === next) ?? null;
        setPicked(item);
        onChange?.(next ?? null, item);
      }}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      loading={found.isFetching}
      notFoundContent={
        found.isFetching ? (
          <Spin size="small" />
        ) : found.isError ? (
          texts.failed
        ) : (
          texts.notFound(term)
        )
      }
      {...(wrapOptions
        ? { optionRender: (option) => <div style={{ whiteSpace: 'normal' }}>{option.label}</div> }
        : { popupMatchSelectWidth: false })}
      style={style}
    />
  );
}
