import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { SearchBox } from './search-box';

/** What a list's filter bar gets from its page: the filters of the URL and how to change them. */
export interface ListFiltersProps<F> {
  filters: F;
  /** At least one filter is set. */
  filtered: boolean;
  onChange: (patch: Partial<F>) => void;
  onReset: () => void;
}

export interface FilterBarProps {
  /** The list's text search (a `SearchBox`), first. */
  search?: ReactNode;
  /** The list's own filters, between the search and «Сбросить фильтры». */
  children?: ReactNode;
  /** At least one filter is set: «Сбросить фильтры» is enabled. */
  filtered: boolean;
  onReset: () => void;
}

/**
 * A list's filter bar in a row that wraps: the text search, the list's own filters, and
 * «Сбросить фильтры», enabled while any filter is set. Each change applies at once.
 */
export function FilterBar({ search, children, filtered, onReset }: FilterBarProps) {
  return (
    <Flex gap="small" wrap align="center">
      {search}
      {children}
      <Button onClick={onReset} disabled={!filtered}>
        Сбросить фильтры
      </Button>
    </Flex>
  );
}

export interface ListFilterBarProps<F extends { search: string }> extends ListFiltersProps<F> {
  /** What the text search looks in. */
  searchPlaceholder: string;
  searchWidth: number;
  /** The list's own filters, between the search and «Сбросить фильтры». */
  children?: ReactNode;
}

/** A list's filter bar whose text search («Поиск») is the list's `search` filter. */
export function ListFilterBar<F extends { search: string }>({
  filters,
  filtered,
  onChange,
  onReset,
  searchPlaceholder,
  searchWidth,
  children,
}: ListFilterBarProps<F>) {
  return (
    <FilterBar
      filtered={filtered}
      onReset={onReset}
      search={
        <SearchBox
          label="Поиск"
          placeholder={searchPlaceholder}
          value={filters.search}
          onApply={(search) => onChange({ search } as Partial<F>)}
          width={searchWidth}
        />
      }
    >
      {children}
    </FilterBar>
  );
}
