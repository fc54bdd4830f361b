import {
  FilterPanel,
  SearchBox,
  Select,
  TripSelect,
  UserSearchSelect,
  type FilterLayout,
  WalletSelect,
} from '@tour/shared/ui';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '@tour/shared';
import { PeriodFilter } from './period-filter';
import {
  useAccountingOperationsCategoriesQuery,
  type OperationFilters,
} from '../api/operations-api';

const TYPE_OPTIONS = (Object.keys(TRANSACTION_TYPES) as TransactionType[]).map((type) => ({
  value: type,
  label: `${TRANSACTION_TYPES[type].sign} ${TRANSACTION_TYPES[type].label}`,
}));

const STATUS_OPTIONS = (Object.keys(TRANSACTION_STATUSES) as TransactionStatus[]).map((status) => ({
  value: status,
  label: TRANSACTION_STATUSES[status].label,
}));

export interface OperationFiltersProps {
  filters: OperationFilters;
  /** At least one filter is set. */
  filtered: boolean;
  onChange: (patch: Partial<OperationFilters>) => void;
  onReset: () => void;
}

/**
 * The filters of all operations; each change applies at once (the search after a pause in typing or on Enter); on a phone
 * they open from «Фильтры».
 */
export function OperationFiltersBar({
  filters,
  filtered,
  onChange,
  onReset,
}: OperationFiltersProps) {
  const categories = useAccountingOperationsCategoriesQuery();
  const { search, ...others } = filters;
  const active = Object.values(others).filter((value) => value !== undefined).length;
  const filtersFor = (layout: FilterLayout) => {
    const width = (px: number) => (layout === 'stacked' ? '100%' : px);
    return (
      <>
        <WalletSelect
          label="Кошелёк"
          placeholder="Все кошельки"
          value={filters.wallet}
          ownerId={filters.owner}
          onChange={(wallet) => onChange({ wallet })}
          style={{ width: width(240) }}
        />
        <UserSearchSelect
          label="Владелец"
          placeholder="Все владельцы"
          value={filters.owner ?? null}
          onChange={(owner) => onChange({ owner: owner ?? undefined })}
          style={{ width: width(220) }}
        />
        <Select<TransactionType>
          aria-label="Тип"
          placeholder="Все типы"
          allowClear
          value={filters.type}
          options={TYPE_OPTIONS}
          onChange={(type) => onChange({ type: type ?? undefined })}
          style={{ width: width(170) }}
        />
        <Select<TransactionStatus>
          aria-label="Статус"
          placeholder="Все статусы"
          allowClear
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => onChange({ status: status ?? undefined })}
          style={{ width: width(220) }}
        />
        <PeriodFilter
          value={filters}
          placeholder="Период с"
          width={width(250)}
          onChange={onChange}
        />
        <TripSelect
          label="Тур"
          placeholder="Все туры"
          value={filters.trip ?? null}
          onChange={(trip) => onChange({ trip: trip ?? undefined })}
          style={{ width: width(220) }}
        />
        <Select<string>
          aria-label="Категория"
          placeholder="Все категории"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={categories.isFetching}
          value={filters.category}
          options={(categories.data ?? []).map(({ name }) => ({ value: name, label: name }))}
          onChange={(category) => onChange({ category: category ?? undefined })}
          style={{ width: width(200) }}
        />
      </>
    );
  };
  return (
    <FilterPanel
      search={
        <SearchBox
          label="Поиск в комментариях"
          value={search ?? ''}
          onApply={(text) => onChange({ search: text || undefined })}
          width={240}
        />
      }
      active={active}
      filtered={filtered}
      onReset={onReset}
    >
      {filtersFor}
    </FilterPanel>
  );
}
