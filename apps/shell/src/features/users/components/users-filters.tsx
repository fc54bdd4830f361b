import { useCallback } from 'react';
import {
  Checkbox,
  DebouncedInput,
  ListFilterBar,
  type ListFiltersProps,
  Select,
  UserSearchSelect,
} from '@tour/shared/ui';
import { positiveInteger, ROLES } from '@tour/shared';
import type { UsersFilters as Filters } from '../hooks/use-users-filters';
import { useRoleLabels } from '../../../lib/user-calls';

export type UsersFiltersProps = ListFiltersProps<Filters>;

/** The list's filters: search, role, agent, "с турами" and id; each change applies at once. */
export function UsersFilters({ filters, filtered, onChange, onReset }: UsersFiltersProps) {
  const labelOf = useRoleLabels();
  const changeId = useCallback((id: string) => onChange({ id: positiveInteger(id) }), [onChange]);

  return (
    <ListFilterBar
      filters={filters}
      filtered={filtered}
      onChange={onChange}
      onReset={onReset}
      searchPlaceholder="ФИО, email, телефон или паспорт"
      searchWidth={320}
    >
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
    </ListFilterBar>
  );
}
