import { useMemo, useState, type CSSProperties } from 'react';
import { Select, Spin } from '@tour/shared/ui';
import { skipToken } from '@tour/shared/state';
import { useDebouncedValue, type BookingKind } from '@tour/shared';
import { useBookingSupplierOptionsQuery } from '../lib/supplier-options-api';
import type { Supplier } from '../lib/supplier';

const SEARCH_DELAY_MS = 300;

export interface SupplierSelectProps {
  value?: number | null;
  /** The supplier chosen (null when cleared): its default currency fills a new booking's. */
  onChange?: (supplierId: number | null, supplier: Supplier | null) => void;
  /** Only the suppliers of this kind are offered. */
  kind?: BookingKind;
  /** The name of the value when it is known already (an existing booking's supplier). */
  initialName?: string;
  /** Set by Form.Item: the field's id, so that its label names the select. */
  id?: string;
  /** The accessible name when no label names it (a filter). */
  label?: string;
  placeholder?: string;
  style?: CSSProperties;
  status?: 'error' | 'warning';
}

/** Picks a supplier found by the server's search as one types (GET /admin/suppliers?kind=). */
export function SupplierSelect({
  value,
  onChange,
  kind,
  initialName,
  id,
  label,
  placeholder = 'Найдите поставщика',
  style,
  status,
}: SupplierSelectProps) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Supplier | null>(null);
  const term = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const found = useBookingSupplierOptionsQuery({ search: term, kind }, { skip: !opened });
  const known = picked?.id === value || (initialName !== undefined && value != null);
  const chosen = useBookingSupplierOptionsQuery(
    value != null && !known ? { id: value } : skipToken,
  );

  const options = useMemo(() => {
    const list = (found.data ?? []).map((supplier) => ({
      value: supplier.id,
      label: supplier.name,
    }));
    if (value != null && !list.some((option) => option.value === value)) {
      const name =
        picked?.id === value
          ? picked.name
          : (initialName ?? chosen.data?.find((s) => s.id === value)?.name);
      list.unshift({ value, label: name ?? `Поставщик №${value}` });
    }
    return list;
  }, [found.data, chosen.data, picked, value, initialName]);

  return (
    <Select<number>
      id={id}
      aria-label={label}
      placeholder={placeholder}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      options={options}
      status={status}
      onChange={(next) => {
        const supplier = found.data?.find((s) => s.id === next) ?? null;
        setPicked(supplier);
        onChange?.(next ?? null, supplier);
      }}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      loading={found.isFetching}
      notFoundContent={
        found.isFetching ? (
          <Spin size="small" />
        ) : found.isError ? (
          'Не удалось загрузить поставщиков'
        ) : (
          'Поставщики не найдены'
        )
      }
      popupMatchSelectWidth={false}
      style={style}
    />
  );
}
