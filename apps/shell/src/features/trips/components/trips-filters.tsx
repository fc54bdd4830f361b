import {
  Checkbox,
  DatePicker,
  ListFilterBar,
  type ListFiltersProps,
  Select,
  UserSearchSelect,
} from '@tour/shared/ui';
import {
  DATE_FORMAT,
  normalizeRange,
  toApiDate,
  toDayjs,
  TRIP_STATUS_LIST,
  TRIP_STATUSES,
} from '@tour/shared';
import { useShellTripsCountriesQuery } from '../api/trips-api';
import type { TripsFilters as Filters } from '../hooks/use-trips-filters';

export type TripsFiltersProps = ListFiltersProps<Filters>;

/**
 * The list's filters: «Мои туры», period, status, manager, country and search; each change applies
 * at once.
 */
export function TripsFilters({ filters, filtered, onChange, onReset }: TripsFiltersProps) {
  const countries = useShellTripsCountriesQuery();

  return (
    <ListFilterBar
      filters={filters}
      filtered={filtered}
      onChange={onChange}
      onReset={onReset}
      searchPlaceholder="Название или страна"
      searchWidth={260}
    >
      <Checkbox
        checked={filters.mine}
        onChange={(event) => onChange({ mine: event.target.checked })}
      >
        Мои туры
      </Checkbox>
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
    </ListFilterBar>
  );
}
