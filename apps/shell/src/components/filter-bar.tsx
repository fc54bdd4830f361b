import { useCallback, type ReactNode } from 'react';
import { Button, Flex } from '@tour/shared/ui';
import { DebouncedInput } from './debounced-input';

/** What a list's filter bar gets from its page: the filters of the URL and how to change them. */
export interface ListFiltersProps<F> {
  filters: F;
  /** At least one filter is set. */
  filtered: boolean;
  onChange: (patch: Partial<F>) => void;
  onReset: () => void;
}

export interface FilterBarProps<F extends { search: string }> extends ListFiltersProps<F> {
  /** What the text search looks in. */
  searchPlaceholder: string;
  searchWidth: number;
  /** The list's own filters, between the search and «Сбросить фильтры». */
  children?: ReactNode;
}

/**
 * A list's filter bar: the text search first (applied once typing pauses), the list's own
 * filters, and «Сбросить фильтры», enabled while any filter is set.
 */
export function FilterBar<F extends { search: string }>({
  filters,
  filtered,
  onChange,
  onReset,
  searchPlaceholder,
  searchWidth,
  children,
}: FilterBarProps<F>) {
  const changeSearch = useCallback(
    (search: string) => onChange({ search } as Partial<F>),
    [onChange],
  );
  return (
    <Flex gap="small" wrap align="center">
      <DebouncedInput
        search
        label="Поиск"
        placeholder={searchPlaceholder}
        value={filters.search}
        onChange={changeSearch}
        style={{ width: searchWidth, maxWidth: '100%' }}
      />
      {children}
      <Button onClick={onReset} disabled={!filtered}>
        Сбросить фильтры
      </Button>
    </Flex>
  );
}
