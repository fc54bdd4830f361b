import { Checkbox, ListFilterBar, type ListFiltersProps, Select } from '@tour/shared/ui';
import type { PublishedFilter, ToursFilters as Filters } from '../hooks/use-tours-filters';
import { useShellToursCountriesQuery } from '../api/tours-api';

const PUBLISHED_OPTIONS: { value: PublishedFilter; label: string }[] = [
  { value: 'all', label: 'Все' },
  { value: 'yes', label: 'Опубликованы' },
  { value: 'no', label: 'Не опубликованы' },
];

export type ToursFiltersProps = ListFiltersProps<Filters>;

/** The list's filters: search, country, "опубликован для агентов" and the archive. */
export function ToursFilters({ filters, filtered, onChange, onReset }: ToursFiltersProps) {
  const { data: countries = [], isFetching } = useShellToursCountriesQuery();
  // A country from a shared link is kept even when no tour of it is left.
  const countryOptions = [
    ...new Set(filters.country ? [...countries, filters.country] : countries),
  ].map((country) => ({ value: country, label: country }));

  return (
    <ListFilterBar
      filters={filters}
      filtered={filtered}
      onChange={onChange}
      onReset={onReset}
      searchPlaceholder="Название, ключ, страна или город"
      searchWidth={320}
    >
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
    </ListFilterBar>
  );
}
