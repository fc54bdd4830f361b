import { Spin } from 'antd';
import { Select } from './select';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState, type CSSProperties } from 'react';
import { formatDate, useDebouncedValue } from '@tour/shared';
import { useSharedTripOptionsQuery, type TripOption } from './trip-options-api';

const SEARCH_DELAY_MS = 300;

/** «Киото осенью · 01.11.2027–08.11.2027 · мест 3 из 12». */
export function describeTrip(trip: TripOption): string {
  return `${trip.title} · ${formatDate(trip.starts_on)}–${formatDate(trip.ends_on)} · мест ${trip.seats_taken} из ${trip.seats}`;
}

export interface TripSelectProps {
  value?: number | null;
  onChange?: (tripId: number | null) => void;
  /** Set by Form.Item: the field's id, so that its label names the select. */
  id?: string;
  /** The accessible name when no label names it (a filter). */
  label?: string;
  placeholder?: string;
  style?: CSSProperties;
}

/**
 * Picks a trip found by the server's search as one types (title or country), debounced, with its
 * dates and seats; the keyboard works as in any select (type, arrows, Enter). Booking, accounting,
 * reports and the agent area pick trips with it.
 */
export function TripSelect({
  value,
  onChange,
  id,
  label,
  placeholder = 'Найдите тур',
  style,
}: TripSelectProps) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<TripOption | null>(null);
  const term = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const found = useSharedTripOptionsQuery({ search: term }, { skip: !opened });
  const chosen = useSharedTripOptionsQuery(
    value != null && picked?.id !== value ? { id: value } : skipToken,
  );

  const options = useMemo(() => {
    const list = (found.data ?? []).map((trip) => ({ value: trip.id, label: describeTrip(trip) }));
    if (value != null && !list.some((option) => option.value === value)) {
      const trip = picked?.id === value ? picked : chosen.data?.find((t) => t.id === value);
      // Never its bare id: a person knows a trip by its title and dates.
      const unknown = chosen.isFetching ? 'Загрузка…' : 'Тур не найден';
      list.unshift({ value, label: trip ? describeTrip(trip) : unknown });
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
        setPicked(found.data?.find((trip) => trip.id === next) ?? null);
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
          'Не удалось загрузить туры'
        ) : (
          'Туры не найдены'
        )
      }
      popupMatchSelectWidth={false}
      style={style}
    />
  );
}
