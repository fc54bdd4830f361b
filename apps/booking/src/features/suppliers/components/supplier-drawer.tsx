import {
  Drawer,
  HistoryList,
  LoadError,
  Result,
  Skeleton,
  Tabs,
  historyValue,
} from '@tour/shared/ui';
import { BOOKING_KINDS, CURRENCY_LABELS, isBookingKind, PRICE_UNITS, statusOf } from '@tour/shared';
import { skipToken } from '@tour/shared/state';
import type { Supplier } from '../../../lib/supplier';
import { useBookingSupplierQuery } from '../api/suppliers-api';
import type { OpenedSupplier } from '../hooks/use-supplier-filters';
import { SupplierAct } from './supplier-act';
import { SupplierForm } from './supplier-form';
import { SupplierPrices } from './supplier-prices';

const DRAWER_WIDTH = 'min(720px, 100vw)';

const HISTORY_FIELDS = {
  name: 'Название',
  kinds: {
    label: 'Виды услуг',
    format: (value: unknown) =>
      Array.isArray(value)
        ? value
            .map((kind) => (isBookingKind(kind) ? BOOKING_KINDS[kind].label : String(kind)))
            .join(', ')
        : historyValue(value),
  },
  contact_person: 'Контактное лицо',
  phone: 'Телефон',
  email: 'Почта',
  default_currency: 'Валюта по умолчанию',
  city: 'Город',
  address: 'Адрес',
  notes: 'Заметки',
  // A price of its «Прайс-лист» (its price already written with its currency).
  kind: {
    label: 'Вид услуг',
    format: (value: unknown) =>
      isBookingKind(value) ? BOOKING_KINDS[value].label : historyValue(value),
  },
  service: 'Услуга',
  variant: 'Вариант',
  meal_plan: 'Питание',
  capacity: 'Мест в машине',
  unit: {
    label: 'Единица',
    format: (value: unknown) =>
      typeof value === 'string' && value in PRICE_UNITS
        ? PRICE_UNITS[value as keyof typeof PRICE_UNITS].label
        : historyValue(value),
  },
  currency: 'Валюта',
  price: 'Цена',
  valid_from: 'Сезон с',
  valid_to: 'Сезон по',
};

const HISTORY_ENTITIES = { supplier_price: 'Цена прайс-листа' };

const NOT_FOUND = <Result status="404" title="Поставщик не найден" />;

function SupplierView({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: supplier, isLoading, isError, error, refetch } = useBookingSupplierQuery(id);
  if (isError && statusOf(error) === 404) return NOT_FOUND;
  if (isError) {
    return <LoadError title="Не удалось загрузить поставщика" onRetry={() => void refetch()} />;
  }
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!supplier) return NOT_FOUND;
  return (
    <Tabs
      items={[
        {
          key: 'supplier',
          label: 'Поставщик',
          children: (
            <SupplierForm
              key={supplier.id}
              supplier={supplier}
              onSaved={() => undefined}
              onCancel={onClose}
            />
          ),
        },
        {
          key: 'prices',
          label: 'Прайс-лист',
          destroyOnHidden: true,
          children: <SupplierPrices supplier={supplier} />,
        },
        {
          key: 'papers',
          label: 'Акт сверки',
          destroyOnHidden: true,
          children: <SupplierAct supplier={supplier} />,
        },
        {
          key: 'history',
          label: 'История',
          destroyOnHidden: true,
          children: (
            <HistoryList
              record="supplier"
              path={`/admin/supplier/${supplier.id}`}
              id={supplier.id}
              fields={HISTORY_FIELDS}
              entities={HISTORY_ENTITIES}
              values={CURRENCY_LABELS}
            />
          ),
        },
      ]}
    />
  );
}

export interface SupplierDrawerProps {
  opened: OpenedSupplier;
  onClose: () => void;
  onCreated: (supplier: Supplier) => void;
}

/** The drawer of a supplier: the creation form, or an existing one with its «История». */
export function SupplierDrawer({ opened, onClose, onCreated }: SupplierDrawerProps) {
  // Named by its supplier, never by its id (the view below asks for the same supplier).
  const existing = useBookingSupplierQuery(typeof opened === 'number' ? opened : skipToken);
  return (
    <Drawer
      open={opened !== null}
      onClose={onClose}
      title={
        opened === 'new'
          ? 'Новый поставщик'
          : opened
            ? (existing.data?.name ?? 'Поставщик')
            : undefined
      }
      size={DRAWER_WIDTH}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {opened === 'new' ? (
        <SupplierForm onSaved={onCreated} onCancel={onClose} />
      ) : opened ? (
        <SupplierView key={opened} id={opened} onClose={onClose} />
      ) : null}
    </Drawer>
  );
}
