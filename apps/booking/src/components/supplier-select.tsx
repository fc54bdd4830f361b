import { SearchSelect, type SearchSelectFieldProps } from '@tour/shared/ui';
import { skipToken } from '@tour/shared/state';
import type { BookingKind } from '@tour/shared';
import { useBookingSupplierOptionsQuery } from '../lib/supplier-options-api';
import type { Supplier } from '../lib/supplier';

const useFoundSuppliers = (term: string, skip: boolean, kind: BookingKind | undefined) =>
  useBookingSupplierOptionsQuery({ search: term, kind }, { skip });
const useChosenSupplier = (id: number | null) =>
  useBookingSupplierOptionsQuery(id === null ? skipToken : { id });

const TEXTS = {
  failed: 'Не удалось загрузить поставщиков',
  notFound: () => 'Поставщики не найдены',
  unknown: 'Поставщик не найден',
};

const nameOf = (supplier: Pick<Supplier, 'name'>) => supplier.name;

export interface SupplierSelectProps extends SearchSelectFieldProps {
  /** The supplier chosen (null when cleared): its default currency fills a new booking's. */
  onChange?: (supplierId: number | null, supplier: Supplier | null) => void;
  /** Only the suppliers of this kind are offered. */
  kind?: BookingKind;
  /** The name of the value when it is known already (an existing booking's supplier). */
  initialName?: string;
}

/** Picks a supplier found by the server's search as one types (GET /admin/suppliers?kind=). */
export function SupplierSelect({
  kind,
  initialName,
  placeholder = 'Найдите поставщика',
  ...field
}: SupplierSelectProps) {
  return (
    <SearchSelect<Supplier, BookingKind | undefined>
      {...field}
      placeholder={placeholder}
      useFound={useFoundSuppliers}
      query={kind}
      // An existing booking's supplier is named by the booking: nothing to ask (a select keeps
      // its booking, hence its `initialName`, while it lives).
      useChosen={initialName === undefined ? useChosenSupplier : undefined}
      describe={nameOf}
      texts={initialName === undefined ? TEXTS : { ...TEXTS, unknown: initialName }}
    />
  );
}
