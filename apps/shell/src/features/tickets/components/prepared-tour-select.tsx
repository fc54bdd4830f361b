import { useMemo, useState } from 'react';
import { Select, Spin } from '@tour/shared/ui';
import { useDebouncedValue, type PreparedTour } from '@tour/shared';
import { useShellTicketsTourOptionsQuery } from '../api/tickets-api';

const SEARCH_DELAY_MS = 300;

export interface PreparedTourSelectProps {
  /** Set by Form.Item: the field's id, so that its label names the select. */
  id?: string;
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** The title of the tour chosen before (the request's), shown until the list is searched. */
  initialTitle?: string | null;
}

/** A prepared tour found by the server's search as one types; nothing is asked before opening. */
export function PreparedTourSelect({ id, value, onChange, initialTitle }: PreparedTourSelectProps) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const found = useShellTicketsTourOptionsQuery(term, { skip: !opened });
  const [picked, setPicked] = useState<PreparedTour | null>(null);

  const options = useMemo(() => {
    const list = (found.data ?? []).map((tour) => ({
      value: tour.id,
      label: tour.country ? `${tour.title} · ${tour.country}` : tour.title,
    }));
    if (value != null && !list.some((option) => option.value === value)) {
      const title = picked?.id === value ? picked.title : initialTitle;
      list.unshift({ value, label: title ?? 'Выбранная заготовка' });
    }
    return list;
  }, [found.data, picked, value, initialTitle]);

  return (
    <Select<number>
      id={id}
      allowClear
      placeholder="Найдите заготовленный тур"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      loading={found.isFetching}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      notFoundContent={
        found.isFetching ? (
          <Spin size="small" />
        ) : found.isError ? (
          'Не удалось загрузить туры'
        ) : (
          'Ничего не найдено'
        )
      }
      options={options}
      onChange={(next) => {
        setPicked(found.data?.find((tour) => tour.id === next) ?? null);
        onChange?.(next ?? null);
      }}
      popupMatchSelectWidth={false}
    />
  );
}
