import { FilterBar, SearchBox, Select, UserSearchSelect } from '@tour/shared/ui';
import { TRIP_STATUS_LIST, TRIP_STATUSES, type TripStatus } from '@tour/shared';
import { PeriodPicker } from '../../../components/period-picker';
import type { GeneralReportFilters } from '../api/types';
import type { GeneralReportFiltersPatch } from '../hooks/use-general-report-filters';

const STATUS_OPTIONS = TRIP_STATUS_LIST.map((status) => ({
  value: status,
  label: TRIP_STATUSES[status].label,
}));

export interface GeneralReportFiltersBarProps {
  filters: GeneralReportFilters;
  /** At least one filter is set in the URL. */
  filtered: boolean;
  onChange: (patch: GeneralReportFiltersPatch) => void;
  onReset: () => void;
}

/** The report's filters: period, trip status, manager, country; each applies at once. */
export function GeneralReportFiltersBar({
  filters,
  filtered,
  onChange,
  onReset,
}: GeneralReportFiltersBarProps) {
  return (
    <FilterBar filtered={filtered} onReset={onReset}>
      <PeriodPicker
        from={filters.from}
        to={filters.to}
        openEnd
        onChange={(period) => onChange({ period })}
      />
      <Select<TripStatus>
        aria-label="Статус"
        placeholder="Все статусы"
        allowClear
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={(status) => onChange({ status: status ?? undefined })}
        style={{ width: 180 }}
      />
      <UserSearchSelect
        users="staff"
        label="Менеджер"
        placeholder="Все менеджеры"
        value={filters.manager_id ?? null}
        onChange={(managerId) => onChange({ manager_id: managerId ?? undefined })}
        style={{ width: 220 }}
      />
      <SearchBox
        label="Страна"
        value={filters.country ?? ''}
        onApply={(country) => onChange({ country: country || undefined })}
        width={200}
      />
    </FilterBar>
  );
}
