import { useCallback } from 'react';
import { Button, Checkbox, Flex, Select, UserSearchSelect } from '@tour/shared/ui';
import { REQUEST_SOURCE_LIST, REQUEST_SOURCES } from '@tour/shared';
import { DebouncedInput } from '../../../components/debounced-input';
import type { TicketsFilters as Filters } from '../hooks/use-tickets-filters';

export interface TicketsFiltersProps {
  filters: Filters;
  /** At least one filter is set. */
  filtered: boolean;
  onChange: (patch: Partial<Filters>) => void;
  onReset: () => void;
}

/** The list's filters: search, source, agent, assignee or "Не назначенные"; each applies at once. */
export function TicketsFilters({ filters, filtered, onChange, onReset }: TicketsFiltersProps) {
  const changeSearch = useCallback((search: string) => onChange({ search }), [onChange]);

  return (
    <Flex gap="small" wrap align="center">
      <DebouncedInput
        search
        label="Поиск"
        placeholder="Имя, телефон или email"
        value={filters.search}
        onChange={changeSearch}
        style={{ width: 280, maxWidth: '100%' }}
      />
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
      <Button onClick={onReset} disabled={!filtered}>
        Сбросить фильтры
      </Button>
    </Flex>
  );
}
