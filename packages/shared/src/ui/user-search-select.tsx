import { skipToken } from '@reduxjs/toolkit/query';
import { SearchSelect, type SearchSelectFieldProps } from './search-select';
import {
  useSharedUserOptionsQuery,
  type UserOption,
  type UserSearchScope,
} from './user-options-api';

export type { UserSearchScope } from './user-options-api';

function describe(user: UserOption): string {
  const contact = user.email || user.phone;
  return contact ? `${user.full_name} (${contact})` : user.full_name;
}

const useFoundUsers = (term: string, skip: boolean, scope: UserSearchScope) =>
  useSharedUserOptionsQuery({ scope, search: term }, { skip });
// A value chosen elsewhere (not picked here): its user's name comes from the server.
const useChosenUser = (id: number | null) =>
  useSharedUserOptionsQuery(id === null ? skipToken : { id });

const TEXTS = {
  failed: 'Не удалось загрузить пользователей',
  notFound: () => 'Никого не найдено',
  // Never its bare id: a person knows a user by name.
  unknown: 'Пользователь не найден',
};

export interface UserSearchSelectProps extends SearchSelectFieldProps {
  /** Which users it offers: anyone (the default), one role's holders, or the staff. */
  users?: UserSearchScope;
  /** The chosen user's id, or null when cleared. */
  onChange?: (userId: number | null) => void;
}

/**
 * Picks a user found by the server's search (name, email, phone, passport), debounced. Nothing is
 * asked before the list is first opened; a value that comes preset (from the URL, a form) is shown
 * by its user's name («Загрузка…» until it arrives, «Пользователь не найден» if it does not).
 * Works as a filter (value and onChange) and inside a Form.Item.
 */
export function UserSearchSelect({ users = 'all', onChange, ...field }: UserSearchSelectProps) {
  return (
    <SearchSelect<UserOption, UserSearchScope>
      {...field}
      onChange={(userId) => onChange?.(userId)}
      useFound={useFoundUsers}
      query={users}
      useChosen={useChosenUser}
      describe={describe}
      texts={TEXTS}
    />
  );
}
