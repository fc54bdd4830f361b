import { useMemo, useState } from 'react';
import { Select, Spin } from '@tour/shared/ui';
import { useDebouncedValue } from '@tour/shared';
import { skipToken } from '@tour/shared/state';
import { useAccountingUserOptionsQuery, type UserOption } from '../api/wallets-api';

const SEARCH_DELAY_MS = 300;

function describe(user: UserOption): string {
  const contact = user.email ?? user.phone;
  return contact ? `${user.full_name} (${contact})` : user.full_name;
}

export interface UserSelectProps {
  value: number | undefined;
  onChange: (userId: number | undefined) => void;
}

/** The owner filter: users found by the server's search (name, email, phone, passport). */
export function UserSelect({ value, onChange }: UserSelectProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const found = useAccountingUserOptionsQuery({ search: term }, { skip: !open });
  // The chosen user's name, when the page opens with ?user= in the URL.
  const chosen = useAccountingUserOptionsQuery(value ? { id: value } : skipToken);

  const options = useMemo(() => {
    const users = new Map<number, UserOption>();
    for (const user of [...(chosen.data ?? []), ...(found.data ?? [])]) users.set(user.id, user);
    const list = [...users.values()].map((user) => ({ value: user.id, label: describe(user) }));
    if (value !== undefined && !users.has(value)) {
      list.unshift({ value, label: `Пользователь №${value}` });
    }
    return list;
  }, [chosen.data, found.data, value]);

  return (
    <Select<number>
      aria-label="Пользователь"
      placeholder="Все пользователи"
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      options={options}
      onChange={(next) => onChange(next ?? undefined)}
      onOpenChange={setOpen}
      loading={found.isFetching}
      notFoundContent={
        found.isFetching ? (
          <Spin size="small" />
        ) : found.isError ? (
          'Не удалось загрузить пользователей'
        ) : (
          'Нет данных'
        )
      }
      popupMatchSelectWidth={false}
      style={{ minWidth: 280 }}
    />
  );
}
