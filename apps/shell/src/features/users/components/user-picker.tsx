import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@tour/shared';
import { skipToken } from '@tour/shared/state';
import { Select, Spin } from '@tour/shared/ui';
import {
  useShellUsersCounterpartyOptionsQuery,
  useShellUsersStaffOptionsQuery,
  type UserOption,
} from '../api/users-api';
import { useShellUserQuery } from '../../../lib/user-calls';

const SEARCH_DELAY_MS = 300;

function describe(user: Pick<UserOption, 'full_name' | 'email' | 'phone'>): string {
  const contact = user.email || user.phone;
  return contact ? `${user.full_name} (${contact})` : user.full_name;
}

export interface UserPickerProps {
  /** Staff members (a manager) or agents (a counterparty). */
  kind: 'staff' | 'counterparty';
  /** Set by Form.Item: the field's id, so that its label names the picker. */
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
}

/**
 * Picks a staff member or an agent found by the server's search (name, email, phone, passport).
 * Nothing is asked before the list is first opened; the chosen user's name comes from the
 * options, or from GET /admin/user/:id when the form opens with one already chosen.
 */
export function UserPicker({ kind, id, value, onChange, placeholder }: UserPickerProps) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<UserOption | null>(null);
  const term = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const staff = useShellUsersStaffOptionsQuery(term, { skip: !opened || kind !== 'staff' });
  const agents = useShellUsersCounterpartyOptionsQuery(term, {
    skip: !opened || kind !== 'counterparty',
  });
  const found = kind === 'staff' ? staff : agents;
  const known = value != null && (picked?.id === value || found.data?.some((u) => u.id === value));
  const chosen = useShellUserQuery(value != null && !known ? value : skipToken);

  const options = useMemo(() => {
    const users = new Map<number, string>();
    for (const user of found.data ?? []) users.set(user.id, describe(user));
    if (value != null && !users.has(value)) {
      const label =
        picked?.id === value
          ? describe(picked)
          : chosen.data?.id === value
            ? describe(chosen.data)
            : `Пользователь №${value}`;
      users.set(value, label);
    }
    return [...users].map(([userId, label]) => ({ value: userId, label }));
  }, [found.data, value, picked, chosen.data]);

  return (
    <Select<number>
      id={id}
      placeholder={placeholder}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      options={options}
      onChange={(next) => {
        setPicked(found.data?.find((user) => user.id === next) ?? null);
        onChange?.(next ?? null);
      }}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      loading={found.isFetching}
      notFoundContent={
        found.isFetching ? (
          <Spin size="small" />
        ) : found.isError ? (
          'Не удалось загрузить пользователей'
        ) : (
          'Никого не найдено'
        )
      }
    />
  );
}
