import { formatDate, type TouristOption } from '@tour/shared';
import { SearchSelect, type SearchSelectFieldProps } from './search-select';
import { useSharedTouristOptionsQuery } from './tourist-options-api';

/** Whose client it is, when that matters to the one who picks it. */
function managerNote(tourist: TouristOption): string | null {
  if (!tourist.own) {
    return tourist.manager_name
      ? `клиент менеджера ${tourist.manager_name}`
      : 'клиент другого менеджера';
  }
  return tourist.manager_id === null ? 'без менеджера' : null;
}

/**
 * A tourist as a picker and a «Такой турист уже есть» notice name it: the name, then what tells
 * namesakes apart (the contact, the birth date) and whose client it is.
 */
export function describeTourist(tourist: TouristOption): string {
  const contact = tourist.phone || tourist.email || tourist.passport_number;
  return [
    tourist.full_name,
    contact,
    tourist.birth_date ? `${formatDate(tourist.birth_date)} г. р.` : null,
    managerNote(tourist),
  ]
    .filter(Boolean)
    .join(' · ');
}

const useFoundTourists = (term: string, skip: boolean) =>
  useSharedTouristOptionsQuery(term, { skip });

const TEXTS = {
  failed: 'Не удалось загрузить туристов',
  notFound: (term: string) =>
    term
      ? 'Никого не найдено. Клиента другого менеджера ищите по точному телефону, email или паспорту'
      : 'Начните вводить ФИО, телефон, email или номер паспорта',
  unknown: 'Выбранный турист',
};

export interface TouristSelectProps extends Omit<SearchSelectFieldProps, 'status'> {
  /** The chosen tourist's id, or null when cleared. */
  onChange?: (userId: number | null) => void;
  /** The tourist as it was offered (its `found_by` goes with it onto a trip), or null. */
  onPick?: (tourist: TouristOption | null) => void;
}

/**
 * Picks a tourist (a client) for a trip or a request, found by the server as one types
 * (GET /admin/tourists): one's own and the unassigned clients by name, any client by its exact
 * phone, email or passport number, with whose client it is. Debounced; nothing is asked before
 * the list is first opened. Each tourist is wrapped onto as many lines as it needs: a phone's
 * screen shows the whole of it (whose client it is comes last).
 */
export function TouristSelect({
  onChange,
  onPick,
  placeholder = 'ФИО, точный телефон, email или паспорт',
  ...field
}: TouristSelectProps) {
  return (
    <SearchSelect<TouristOption>
      {...field}
      placeholder={placeholder}
      onChange={(userId, tourist) => {
        onChange?.(userId);
        onPick?.(tourist);
      }}
      useFound={useFoundTourists}
      describe={describeTourist}
      texts={TEXTS}
      wrapOptions
    />
  );
}
