import { useCallback } from 'react';
import { Button, Checkbox, Flex, Select } from '@tour/shared/ui';
import type { PublishedFilter, ToursFilters as Filters } from '../hooks/use-tours-filters';
import { useShellToursCountriesQuery } from '../api/tours-api';
import { DebouncedInput } from '../../../components/debounced-input';

const PUBLISHED_OPTIONS: { value: PublishedFilter; label: string }[] = [
  { value: 'all', label: 'Все' },
  { value: 'yes', label: 'Опубликованы' },
  { value: 'no', label: 'Не опубликованы' },
];

export interface ToursFiltersProps {
  filters: Filters;
  /** At least one filter is set. */
  filtered: boolean;
  onChange: (patch: Partial<Filters>) => void;
  onReset: () => void;
}

/** The list's filters: search, country, "опубликован для агентов" and the archive. */
export function ToursFilters({ filters, filtered, onChange, onReset }: ToursFiltersProps) {
  const { data: countries = [], isFetching } = useShellToursCountriesQuery();
  const changeSearch = useCallback((search: string) => onChange({ search }), [onChange]);
  // A country from a shared link is kept even when no tour of it is left.
  const countryOptions = [
    ...new Set(filters.country ? [...countries, filters.country] : countries),
  ].map((country) => ({ value: country, label: country }));

  return (
    <Flex gap="small" wrap align="center">
      <DebouncedInput
        search
        label="Поиск"
        placeholder="Название, ключ, страна или город"
        value={filters.search}
        onChange={changeSearch}
        style={{ width: 320, maxWidth: '100%' }}
      />
      <Select
        aria-label="Страна"
        placeholder="Все страны"
        allowClear
        showSearch
        loading={isFetching}
        value={filters.country || undefined}
        options={countryOptions}
        onChange={(country?: string) => onChange({ country: country ?? '' })}
        style={{ width: 200 }}
      />
      <Select<PublishedFilter>
        aria-label="Опубликован для агентов"
        value={filters.published}
        options={PUBLISHED_OPTIONS}
        onChange={(published) => onChange({ published })}
        style={{ width: 200 }}
      />
      <Checkbox
        checked={filters.archived}
        onChange={(event) => onChange({ archived: event.target.checked })}
      >
        Архив
      </Checkbox>
      <Button onClick={onReset} disabled={!filtered}>
        Сбросить фильтры
      </Button>
    </Flex>
  );
}
