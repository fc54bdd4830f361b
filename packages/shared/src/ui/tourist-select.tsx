import { UserSearchSelect, type UserSearchSelectProps } from './user-search-select';

export type TouristSelectProps = Omit<UserSearchSelectProps, 'users'>;

/**
 * Picks a tourist (a client) found by the server's search as one types: name, phone, email or
 * passport number. Trips, booking, accounting and the agent area pick tourists with it.
 */
export function TouristSelect({
  placeholder = 'ФИО, телефон, email или паспорт',
  ...props
}: TouristSelectProps) {
  return <UserSearchSelect {...props} users="client" placeholder={placeholder} />;
}
