import { useCallback } from 'react';
import { Button, DatePicker, Flex, Select, UserSearchSelect } from '@tour/shared/ui';
import {
  DATE_FORMAT,
  normalizeRange,
  toApiDate,
  toDayjs,
  TRIP_STATUS_LIST,
  TRIP_STATUSES,
} from '@tour/shared';
import { DebouncedInput } from '../../../components/debounced-input';
import { useShellTripsCountriesQuery } from '../api/trips-api';
import type { TripsFilters as Filters } from '../hooks/use-trips-filters';

export interface TripsFiltersProps {
  filters: Filters;
  /** At least one filter is set. */
  filtered: boolean;
  onChange: (patch: Partial<Filters>) => void;
  onReset: () => void;
}

/** The list's filters: period, status, manager, country and search; each change applies at once. */
export function TripsFilters({ filters, filtered, onChange, onReset }: TripsFiltersProps) {
  const countries = useShellTripsCountriesQuery();
  const changeSearch = useCallback((search: string) => onChange({ search }), [onChange]);

  return (
    <Flex gap="small" wrap align="center">
      <DebouncedInput
        search
        label="Поиск"
        placeholder="Название или страна"
        value={filters.search}
        onChange={changeSearch}
        style={{ width: 260, maxWidth: '100%' }}
      />
      <DatePicker.RangePicker
        aria-label="Период"
        format={DATE_FORMAT}
        placeholder={['Период с', 'по']}
        value={[toDayjs(filters.from), toDayjs(filters.to)]}
        allowEmpty={[true, true]}
        onChange={(range) => {
          const [from, to] = normalizeRange(range ?? [null, null]);
          onChange({ from: toApiDate(from) || undefined, to: toApiDate(to) || undefined });
        }}
      />
      <Select
        aria-label="Статус"
        placeholder="Все статусы"
        allowClear
        value={filters.status}
        options={TRIP_STATUS_LIST.map((status) => ({
          value: status,
          label: TRIP_STATUSES[status].label,
        }))}
        onChange={(status) => onChange({ status: status ?? undefined })}
        style={{ width: 180 }}
      />
      <UserSearchSelect
        users="staff"
        label="Менеджер"
        placeholder="Менеджер"
        value={filters.managerId ?? null}
        onChange={(managerId) => onChange({ managerId: managerId ?? undefined })}
        style={{ width: 220 }}
      />
      <Select
        aria-label="Страна"
        placeholder="Все страны"
        allowClear
        showSearch
        loading={countries.isFetching}
        value={filters.country}
        options={(countries.data ?? []).map((country) => ({ value: country, label: country }))}
        onChange={(country) => onChange({ country: country ?? undefined })}
        style={{ width: 180 }}
      />
      <Button onClick={onReset} disabled={!filtered}>
        Сбросить фильтры
      </Button>
    </Flex>
  );
}
