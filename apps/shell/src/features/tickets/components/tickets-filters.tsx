import {
  Checkbox,
  ListFilterBar,
  type ListFiltersProps,
  Select,
  UserSearchSelect,
} from '@tour/shared/ui';
import { REQUEST_SOURCE_LIST, REQUEST_SOURCES } from '@tour/shared';
import type { TicketsFilters as Filters } from '../hooks/use-tickets-filters';

export type TicketsFiltersProps = ListFiltersProps<Filters>;

/** The list's filters: search, source, agent, assignee or "Не назначенные"; each applies at once. */
export function TicketsFilters({ filters, filtered, onChange, onReset }: TicketsFiltersProps) {
  return (
    <ListFilterBar
      filters={filters}
      filtered={filtered}
      onChange={onChange}
      onReset={onReset}
      searchPlaceholder="Имя, телефон или email"
      searchWidth={280}
    >
      <Select
        aria-label="Источник"
        placeholder="Все источники"
        allowClear
        value={filters.source}
        options={REQUEST_SOURCE_LIST.map((source) => ({
          value: source,
          label: REQUEST_SOURCES[source].label,
        }))}
        onChange={(source) => onChange({ source: source ?? undefined })}
        style={{ width: 180 }}
      />
      <UserSearchSelect
        users="counterparty"
        label="Агент"
        placeholder="Любой агент"
        value={filters.counterpartyId}
        onChange={(id) => onChange({ counterpartyId: id ?? undefined })}
        style={{ width: 240 }}
      />
      <UserSearchSelect
        users="staff"
        label="Исполнитель"
        placeholder="Любой исполнитель"
        value={filters.assigneeId}
        onChange={(id) => onChange({ assigneeId: id ?? undefined })}
        style={{ width: 240 }}
      />
      <Checkbox
        checked={filters.unassigned}
        onChange={(event) => onChange({ unassigned: event.target.checked })}
      >
        Не назначенные
      </Checkbox>
    </ListFilterBar>
  );
}
