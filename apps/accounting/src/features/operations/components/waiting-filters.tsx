import {
  Checkbox,
  Flex,
  FilterPanel,
  SearchBox,
  Select,
  TripSelect,
  UserSearchSelect,
  type FilterLayout,
} from '@tour/shared/ui';
import {
  CURRENCIES,
  CURRENCY_LABELS,
  TRANSACTION_TYPES,
  type Currency,
  type TransactionType,
} from '@tour/shared';
import { PeriodFilter } from './period-filter';
import type { WaitingCounts, WaitingFilters, WaitingSort } from '../api/operations-api';
import { AmountBoundInput } from './amount-bound-input';

const SORT_OPTIONS: { value: WaitingSort; label: string }[] = [
  { value: 'oldest', label: 'Сначала старые' },
  { value: 'newest', label: 'Сначала новые' },
  { value: 'amount_desc', label: 'Сумма: по убыванию' },
  { value: 'amount_asc', label: 'Сумма: по возрастанию' },
];

const TYPES = Object.keys(TRANSACTION_TYPES) as TransactionType[];

/** «Бухгалтер Нина (12)». */
const counted = (label: string, count: number) => `${label} (${count})`;

/**
 * A filter's choices with their counts. A choice that holds nothing is offered disabled, unless it
 * is the one chosen; a chosen one the counts do not name (nothing under the other filters) stays,
 * named as it was.
 */
function choices<V extends string | number>(
  list: { value: V; label: string; count: number }[],
  chosen: V | undefined,
  unnamed: string,
) {
  const options = list.map(({ value, label, count }) => ({
    value,
    label: counted(label, count),
    disabled: count === 0 && value !== chosen,
  }));
  if (chosen !== undefined && !list.some((option) => option.value === chosen)) {
    options.unshift({ value: chosen, label: counted(unnamed, 0), disabled: false });
  }
  return options;
}

export interface WaitingFiltersBarProps {
  filters: WaitingFilters;
  sort: WaitingSort;
  /** What each choice holds under the other filters (none yet while the first page loads). */
  counts: WaitingCounts | undefined;
  /** How many filters are set, the search aside. */
  active: number;
  filtered: boolean;
  onChange: (patch: Partial<WaitingFilters>) => void;
  onSort: (sort: WaitingSort) => void;
  onReset: () => void;
}

/**
 * The confirmation queue's filters: the search; type, currency, wallet and author with how many
 * operations each choice holds under the other filters (the server's counts); trip; tourist or
 * payer; period; amount from and to; «Только переплаты (N)»; the order. Each change applies at
 * once (the search after a pause in typing or on Enter, the amounts on Enter); on a phone they open from «Фильтры».
 */
export function WaitingFiltersBar({
  filters,
  sort,
  counts,
  active,
  filtered,
  onChange,
  onSort,
  onReset,
}: WaitingFiltersBarProps) {
  const typeOptions = choices(
    TYPES.map((type) => ({
      value: type,
      label: `${TRANSACTION_TYPES[type].sign} ${TRANSACTION_TYPES[type].label}`,
      count: counts?.type[type] ?? 0,
    })),
    filters.type,
    '',
  );
  const currencyOptions = choices(
    CURRENCIES.map((currency) => ({
      value: currency,
      label: `${CURRENCY_LABELS[currency]}, ${currency.toUpperCase()}`,
      count: counts?.currency[currency] ?? 0,
    })),
    filters.currency,
    '',
  );
  const walletOptions = choices(
    (counts?.wallet ?? []).map(({ id, name, count }) => ({ value: id, label: name, count })),
    filters.wallet,
    'Выбранный кошелёк',
  );
  const authorOptions = choices(
    (counts?.author ?? []).flatMap(({ id, name, count }) =>
      id === null ? [] : [{ value: id, label: name, count }],
    ),
    filters.author,
    'Выбранный автор',
  );

  const filtersFor = (layout: FilterLayout) => {
    const width = (px: number) => (layout === 'stacked' ? '100%' : px);
    return (
      <>
        <Select<TransactionType>
          aria-label="Тип"
          placeholder="Все типы"
          allowClear
          value={filters.type}
          options={typeOptions}
          onChange={(type) => onChange({ type: type ?? undefined })}
          style={{ width: width(190) }}
        />
        <Select<Currency>
          aria-label="Валюта"
          placeholder="Все валюты"
          allowClear
          value={filters.currency}
          options={currencyOptions}
          onChange={(currency) => onChange({ currency: currency ?? undefined })}
          popupMatchSelectWidth={false}
          style={{ width: width(210) }}
        />
        <Select<number>
          aria-label="Кошелёк"
          placeholder="Все кошельки"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={filters.wallet}
          options={walletOptions}
          onChange={(wallet) => onChange({ wallet: wallet ?? undefined })}
          popupMatchSelectWidth={false}
          style={{ width: width(220) }}
        />
        <Select<number>
          aria-label="Автор"
          placeholder="Все авторы"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={filters.author}
          options={authorOptions}
          onChange={(author) => onChange({ author: author ?? undefined })}
          popupMatchSelectWidth={false}
          style={{ width: width(200) }}
        />
        <TripSelect
          label="Тур"
          placeholder="Все туры"
          value={filters.trip ?? null}
          onChange={(trip) => onChange({ trip: trip ?? undefined })}
          style={{ width: width(220) }}
        />
        <UserSearchSelect
          label="Турист или плательщик"
          placeholder="Турист или плательщик"
          value={filters.tourist ?? null}
          onChange={(tourist) => onChange({ tourist: tourist ?? undefined })}
          style={{ width: width(220) }}
        />
        <PeriodFilter
          value={filters}
          placeholder="Создана с"
          width={width(250)}
          onChange={onChange}
        />
        <Flex gap={4} align="center" style={{ width: width(230) }}>
          <AmountBoundInput
            label="Сумма от"
            value={filters.amount_from}
            onApply={(amount) => onChange({ amount_from: amount })}
            style={{ flex: 1 }}
          />
          <span aria-hidden="true">–</span>
          <AmountBoundInput
            label="Сумма до"
            placeholder="до"
            value={filters.amount_to}
            onApply={(amount) => onChange({ amount_to: amount })}
            style={{ flex: 1 }}
          />
        </Flex>
        <Checkbox
          checked={filters.overpayment ?? false}
          onChange={(event) => onChange({ overpayment: event.target.checked || undefined })}
        >
          {counted('Только переплаты', counts?.overpayment ?? 0)}
        </Checkbox>
        <Select<WaitingSort>
          aria-label="Порядок"
          value={sort}
          options={SORT_OPTIONS}
          onChange={onSort}
          popupMatchSelectWidth={false}
          style={{ width: width(200) }}
        />
      </>
    );
  };

  return (
    <FilterPanel
      search={
        <SearchBox
          label="Поиск"
          placeholder="Турист, тур, поставщик, автор, кошелёк, №"
          value={filters.search ?? ''}
          onApply={(search) => onChange({ search: search || undefined })}
          width={320}
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
