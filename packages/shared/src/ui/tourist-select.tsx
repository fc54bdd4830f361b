import { Select, Spin } from 'antd';
import { useMemo, useState, type CSSProperties } from 'react';
import { formatDate, useDebouncedValue, type TouristOption } from '@tour/shared';
import { useSharedTouristOptionsQuery } from './tourist-options-api';

const SEARCH_DELAY_MS = 300;

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

export interface TouristSelectProps {
  /** The chosen tourist's id; null or undefined: none. */
  value?: number | null;
  /** The chosen tourist's id, or null when cleared. */
  onChange?: (userId: number | null) => void;
  /** The tourist as it was offered (its `found_by` goes with it onto a trip), or null. */
  onPick?: (tourist: TouristOption | null) => void;
  /** Set by Form.Item: the field's id, so that its label names the select. */
  id?: string;
  /** The accessible name when no label names it. */
  label?: string;
  placeholder?: string;
  style?: CSSProperties;
}

/**
 * Picks a tourist (a client) for a trip or a request, found by the server as one types
 * (GET /admin/tourists): one's own and the unassigned clients by name, any client by its exact
 * phone, email or passport number, with whose client it is. Debounced; nothing is asked before
 * the list is first opened.
 */
export function TouristSelect({
  value,
  onChange,
  onPick,
  id,
  label,
  placeholder = 'ФИО, точный телефон, email или паспорт',
  style,
}: TouristSelectProps) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<TouristOption | null>(null);
  const term = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const found = useSharedTouristOptionsQuery(term, { skip: !opened });

  const options = useMemo(() => {
    const list = (found.data ?? []).map((tourist) => ({
      value: tourist.id,
      label: describeTourist(tourist),
    }));
    if (value != null && !list.some((option) => option.value === value)) {
      list.unshift({
        value,
        label: picked?.id === value ? describeTourist(picked) : 'Выбранный турист',
      });
    }
    return list;
  }, [found.data, picked, value]);

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
        const tourist = found.data?.find((option) => option.id === next) ?? null;
        setPicked(tourist);
        onChange?.(next ?? null);
        onPick?.(tourist);
      }}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      loading={found.isFetching}
      notFoundContent={
        found.isFetching ? (
          <Spin size="small" />
        ) : found.isError ? (
          'Не удалось загрузить туристов'
        ) : term ? (
          'Никого не найдено. Клиента другого менеджера ищите по точному телефону, email или паспорту'
        ) : (
          'Начните вводить ФИО, телефон, email или номер паспорта'
        )
      }
      // As wide as the field, each tourist wrapped onto as many lines as it needs: a phone's
      // screen shows the whole of it (whose client it is comes last).
      optionRender={(option) => <div style={{ whiteSpace: 'normal' }}>{option.label}</div>}
      style={style}
    />
  );
}
