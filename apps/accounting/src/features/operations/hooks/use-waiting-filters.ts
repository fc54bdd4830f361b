import { useMemo } from 'react';
import { useUrlQuery, type QueryValue } from '@tour/shared/router';
import { isCurrency, isTransactionType } from '@tour/shared';
import { WAITING_SORTS, type WaitingFilters, type WaitingSort } from '../api/operations-api';
import { amountBound, apiDate, text } from '../lib/query-values';

const isSort = (value: string | null): value is WaitingSort =>
  WAITING_SORTS.some((sort) => sort === value);

/** The filters' names in the URL query (the API's own). */
const FILTER_NAMES: readonly (keyof WaitingFilters)[] = [
  'type',
  'currency',
  'trip',
  'tourist',
  'author',
  'wallet',
  'from',
  'to',
  'amount_from',
  'amount_to',
  'overpayment',
  'search',
];

/**
 * The confirmation queue's filters, order and page, kept in the URL query under the API's own
 * names (`?type=&currency=&trip=&tourist=&author=&wallet=&from=&to=&amount_from=&amount_to=
 * &overpayment=1&search=&sort=&page=`), so a reload or a shared link keeps them. A changed filter
 * or order goes back to page 1; «Сбросить фильтры» keeps the order. Invalid values read as absent.
 */
export function useWaitingFilters() {
  const { params, numberOf, page, update, setPage } = useUrlQuery();

  const filters = useMemo<WaitingFilters>(() => {
    const type = params.get('type');
    const currency = params.get('currency');
    return {
      type: isTransactionType(type) ? type : undefined,
      currency: isCurrency(currency) ? currency : undefined,
      trip: numberOf('trip'),
      tourist: numberOf('tourist'),
      author: numberOf('author'),
      wallet: numberOf('wallet'),
      from: apiDate(params.get('from')),
      to: apiDate(params.get('to')),
      amount_from: amountBound(params.get('amount_from')),
      amount_to: amountBound(params.get('amount_to')),
      overpayment: params.get('overpayment') === '1' || undefined,
      search: text(params.get('search')),
    };
  }, [params, numberOf]);

  const asked = params.get('sort');
  const sort: WaitingSort = isSort(asked) ? asked : 'oldest';

  const setFilters = (patch: Partial<WaitingFilters>) => {
    const query: Record<string, QueryValue> = { page: undefined };
    for (const [name, value] of Object.entries(patch)) {
      query[name] = typeof value === 'string' ? value.trim() : value;
    }
    update(query);
  };

  const setSort = (next: WaitingSort) =>
    update({ sort: next === 'oldest' ? undefined : next, page: undefined });

  const resetFilters = () =>
    update(Object.fromEntries([...FILTER_NAMES, 'page'].map((name) => [name, undefined])));

  /** How many filters are set, the search aside. */
  const active = FILTER_NAMES.filter(
    (name) => name !== 'search' && filters[name] !== undefined,
  ).length;
  const filtered = active > 0 || filters.search !== undefined;

  return { filters, sort, page, active, filtered, setFilters, setSort, setPage, resetFilters };
}
