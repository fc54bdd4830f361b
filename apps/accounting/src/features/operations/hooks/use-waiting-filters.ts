import { urlFilter, useUrlFilters } from '@tour/shared/router';
import { CURRENCIES, TRANSACTION_TYPES, type TransactionType } from '@tour/shared';
import { WAITING_SORTS, type WaitingSort } from '../api/operations-api';
import { amountBound } from '../lib/query-values';

const isSort = (value: string | null): value is WaitingSort =>
  WAITING_SORTS.some((sort) => sort === value);

/**
 * The queue's filters in the URL query under the API's own names (`?type=&currency=&trip=
 * &tourist=&author=&wallet=&from=&to=&amount_from=&amount_to=&overpayment=1&search=`); invalid
 * values read as absent.
 */
const WAITING_FILTERS = {
  type: urlFilter.oneOf(Object.keys(TRANSACTION_TYPES) as TransactionType[]),
  currency: urlFilter.oneOf(CURRENCIES),
  trip: urlFilter.id(),
  tourist: urlFilter.id(),
  author: urlFilter.id(),
  wallet: urlFilter.id(),
  from: urlFilter.day(),
  to: urlFilter.day(),
  amount_from: amountBound,
  amount_to: amountBound,
  overpayment: {
    read: (value: string | null): boolean | undefined => value === '1' || undefined,
    write: (value: boolean | undefined) => value,
  },
  search: urlFilter.optionalText(),
};

/**
 * The confirmation queue's filters, order (`?sort=`) and page, kept in the URL query, so a reload
 * or a shared link keeps them. A changed filter or order goes back to page 1; «Сбросить фильтры»
 * keeps the order.
 */
export function useWaitingFilters() {
  const { filters, page, filtered, setFilters, setPage, resetFilters, params, update } =
    useUrlFilters(WAITING_FILTERS);

  const asked = params.get('sort');
  const sort: WaitingSort = isSort(asked) ? asked : 'oldest';
  const setSort = (next: WaitingSort) =>
    update({ sort: next === 'oldest' ? undefined : next, page: undefined });

  /** How many filters are set, the search aside. */
  const active = Object.entries(filters).filter(
    ([name, value]) => name !== 'search' && value !== undefined,
  ).length;

  return { filters, sort, page, active, filtered, setFilters, setSort, setPage, resetFilters };
}
