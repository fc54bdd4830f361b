import { useCallback } from 'react';
import { Button, Checkbox, Flex, Select, UserSearchSelect } from '@tour/shared/ui';
import { positiveInteger, ROLES } from '@tour/shared';
import type { UsersFilters as Filters } from '../hooks/use-users-filters';
import { useRoleLabels } from '../../../lib/user-calls';
import { DebouncedInput } from '../../../components/debounced-input';

export interface UsersFiltersProps {
  filters: Filters;
  /** At least one filter is set. */
  filtered: boolean;
  onChange: (patch: Partial<Filters>) => void;
  onReset: () => void;
}

/** The list's filters: search, role, agent, "с турами" and id; each change applies at once. */
export function UsersFilters({ filters, filtered, onChange, onReset }: UsersFiltersProps) {
  const labelOf = useRoleLabels();
  const changeSearch = useCallback((search: string) => onChange({ search }), [onChange]);
  const changeId = useCallback((id: string) => onChange({ id: positiveInteger(id) }), [onChange]);

  return (
    <Flex gap="small" wrap align="center">
      <DebouncedInput
        search
        label="Поиск"
        placeholder="ФИО, email, телефон или паспорт"
        value={filters.search}
        onChange={changeSearch}
        style={{ width: 320, maxWidth: '100%' }}
      />
      <Select
        aria-label="Роль"
        placeholder="Все роли"
        allowClear
        value={filters.role}
        options={ROLES.map((role) => ({ value: role, label: labelOf(role) }))}
        onChange={(role) => onChange({ role: role ?? undefined })}
        style={{ width: 220 }}
      />
      <UserSearchSelect
        users="counterparty"
        label="Агент"
        placeholder="Туристы агента"
        value={filters.counterpartyId ?? null}
        onChange={(id) => onChange({ counterpartyId: id ?? undefined })}
        style={{ width: 240 }}
      />
      <DebouncedInput
        digitsOnly
        label="ID"
        placeholder="ID"
        value={filters.id ? String(filters.id) : ''}
        onChange={changeId}
        style={{ width: 110 }}
      />
      <Checkbox
        checked={filters.withTrips}
        onChange={(event) => onChange({ withTrips: event.target.checked })}
      >
        С турами
      </Checkbox>
      <Button onClick={onReset} disabled={!filtered}>
        Сбросить фильтры
      </Button>
    </Flex>
  );
}
