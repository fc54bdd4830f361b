import { Spin } from 'antd';
import { Select } from './select';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState, type CSSProperties } from 'react';
import { useDebouncedValue } from '@tour/shared';
import {
  useSharedUserOptionsQuery,
  type UserOption,
  type UserSearchScope,
} from './user-options-api';

export type { UserSearchScope } from './user-options-api';

const SEARCH_DELAY_MS = 300;

function describe(user: UserOption): string {
  const contact = user.email || user.phone;
  return contact ? `${user.full_name} (${contact})` : user.full_name;
}

export interface UserSearchSelectProps {
  /** Which users it offers: anyone (the default), one role's holders, or the staff. */
  users?: UserSearchScope;
  /** The chosen user's id; null or undefined: none. */
  value?: number | null;
  /** The chosen user's id, or null when cleared. */
  onChange?: (userId: number | null) => void;
  /** Set by Form.Item: the field's id, so that its label names the select. */
  id?: string;
  /** The accessible name when no label names it (a filter). */
  label?: string;
  placeholder?: string;
  style?: CSSProperties;
}

/**
 * Picks a user found by the server's search (name, email, phone, passport), debounced. Nothing is
 * asked before the list is first opened; a value that comes preset (from the URL, a form) is shown
 * by its user's name («Загрузка…» until it arrives, «Пользователь не найден» if it does not). Works as a filter (value and
 * onChange) and inside a Form.Item.
 */
export function UserSearchSelect({
  users = 'all',
  value,
  onChange,
  id,
  label,
  placeholder,
  style,
}: UserSearchSelectProps) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<UserOption | null>(null);
  const term = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const found = useSharedUserOptionsQuery({ scope: users, search: term }, { skip: !opened });
  // A value chosen elsewhere (not picked here): its user's name comes from the server.
  const chosen = useSharedUserOptionsQuery(
    value != null && picked?.id !== value ? { id: value } : skipToken,
  );

  const options = useMemo(() => {
    const list = (found.data ?? []).map((user) => ({ value: user.id, label: describe(user) }));
    if (value != null && !list.some((option) => option.value === value)) {
      const user = picked?.id === value ? picked : chosen.data?.find((u) => u.id === value);
      // Never its bare id: a person knows a user by name.
      const unknown = chosen.isFetching ? 'Загрузка…' : 'Пользователь не найден';
      list.unshift({ value, label: user ? describe(user) : unknown });
    }
    return list;
  }, [found.data, chosen.data, chosen.isFetching, picked, value]);

  return (
    <Select<number>
      id={id}
      aria-label={label}
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
      popupMatchSelectWidth={false}
      style={style}
    />
  );
}
