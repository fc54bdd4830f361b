import { FilterBar, SearchBox, Select, TripSelect } from '@tour/shared/ui';
import {
  BOOKING_STATUS_LIST,
  BOOKING_STATUSES,
  PAYMENT_STATE_LIST,
  PAYMENT_STATES,
  type BookingKind,
  type BookingStatus,
  type PaymentState,
} from '@tour/shared';
import { SupplierSelect } from '../../../components/supplier-select';
import type { BookingFilters } from '../api/types';

const STATUS_OPTIONS = BOOKING_STATUS_LIST.map((status) => ({
  value: status,
  label: BOOKING_STATUSES[status].label,
}));

const PAYMENT_OPTIONS = PAYMENT_STATE_LIST.map((state) => ({
  value: state,
  label: PAYMENT_STATES[state].label,
}));

export interface BookingFiltersBarProps {
  kind: BookingKind;
  filters: BookingFilters;
  filtered: boolean;
  onChange: (patch: Partial<BookingFilters>) => void;
  onReset: () => void;
}

/** The month list's filters; each change applies at once (the search after a pause in typing or on Enter). */
export function BookingFiltersBar({
  kind,
  filters,
  filtered,
  onChange,
  onReset,
}: BookingFiltersBarProps) {
  return (
    <FilterBar filtered={filtered} onReset={onReset}>
      <TripSelect
        label="Тур"
        placeholder="Все туры"
        value={filters.trip_id ?? null}
        onChange={(trip) => onChange({ trip_id: trip ?? undefined })}
        style={{ minWidth: 240 }}
      />
      <SupplierSelect
        label="Поставщик"
        placeholder="Все поставщики"
        kind={kind}
        value={filters.supplier_id ?? null}
        onChange={(supplier) => onChange({ supplier_id: supplier ?? undefined })}
        style={{ minWidth: 220 }}
      />
      <Select<BookingStatus>
        aria-label="Статус"
        placeholder="Все статусы"
        allowClear
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={(status) => onChange({ status: status ?? undefined })}
        style={{ width: 170 }}
      />
      <Select<PaymentState>
        aria-label="Оплата"
        placeholder="Любая оплата"
        allowClear
        value={filters.payment_state}
        options={PAYMENT_OPTIONS}
        onChange={(state) => onChange({ payment_state: state ?? undefined })}
        style={{ width: 200 }}
      />
      <SearchBox
        label="Поиск: тур, поставщик, номер, услуга"
        value={filters.search ?? ''}
        onApply={(search) => onChange({ search: search || undefined })}
        width={300}
      />
    </FilterBar>
  );
}
