import {
  DatePicker,
  ListFilterBar,
  type ListFiltersProps,
  Select,
  UserSearchSelect,
} from '@tour/shared/ui';
import { DATE_FORMAT, normalizeRange, toApiDate, toDayjs } from '@tour/shared';
import type { AuditFilters as Filters } from '../hooks/use-audit-filters';
import { ACTION_LABELS } from '../lib/audit-labels';

const ACTION_OPTIONS = Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }));

export type AuditFiltersProps = ListFiltersProps<Filters>;

/** The log's filters: text, who, what and the period. */
export function AuditFilters({ filters, filtered, onChange, onReset }: AuditFiltersProps) {
  return (
    <ListFilterBar
      filters={filters}
      filtered={filtered}
      onChange={onChange}
      onReset={onReset}
      searchPlaceholder="Логин, адрес, запись, изменения"
      searchWidth={300}
    >
      <UserSearchSelect
        label="Пользователь"
        placeholder="Все пользователи"
        value={filters.userId ?? null}
        onChange={(userId) => onChange({ userId: userId ?? undefined })}
        style={{ minWidth: 240 }}
      />
      <Select<string>
        aria-label="Действие"
        placeholder="Все действия"
        allowClear
        value={filters.action || undefined}
        options={ACTION_OPTIONS}
        onChange={(action) => onChange({ action: action ?? '' })}
        style={{ width: 200 }}
      />
      <DatePicker.RangePicker
        aria-label="Период"
        format={DATE_FORMAT}
        placeholder={['Период с', 'по']}
        value={[toDayjs(filters.from || null), toDayjs(filters.to || null)]}
        allowEmpty={[true, true]}
        onChange={(range) => {
          const [from, to] = normalizeRange(range ?? [null, null]);
          onChange({ from: toApiDate(from), to: toApiDate(to) });
        }}
      />
    </ListFilterBar>
  );
}
