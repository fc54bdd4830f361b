import { FilterBar, Select, type ListFiltersProps } from '@tour/shared/ui';
import { OUTBOX_KIND_LABELS, OUTBOX_STATUS_LABELS } from '@tour/shared';
import type { OutboxFilters as Filters } from '../hooks/use-outbox-filters';

const STATUS_OPTIONS = Object.entries(OUTBOX_STATUS_LABELS).map(([value, label]) => ({
  value,
  label,
}));
const KIND_OPTIONS = Object.entries(OUTBOX_KIND_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** The outbox's filters: the status and the kind. */
export function OutboxFilters({ filters, filtered, onChange, onReset }: ListFiltersProps<Filters>) {
  return (
    <FilterBar filtered={filtered} onReset={onReset}>
      <Select<string>
        aria-label="Статус"
        placeholder="Все статусы"
        allowClear
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={(status) => onChange({ status: (status as Filters['status']) ?? undefined })}
        style={{ width: 200 }}
      />
      <Select<string>
        aria-label="Вид"
        placeholder="Все виды"
        allowClear
        value={filters.kind}
        options={KIND_OPTIONS}
        onChange={(kind) => onChange({ kind: (kind as Filters['kind']) ?? undefined })}
        style={{ width: 320, maxWidth: '100%' }}
        popupMatchSelectWidth={false}
      />
    </FilterBar>
  );
}
