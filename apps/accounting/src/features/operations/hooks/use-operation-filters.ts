import { useMemo } from 'react';
import { useUrlQuery, type QueryValue } from '@tour/shared/router';
import { isTransactionStatus, isTransactionType } from '@tour/shared';
import type { OperationFilters } from '../api/operations-api';
import { apiDate, text } from '../lib/query-values';

/**
 * The operations' filters and page, kept in the URL query under the API's own names
 * (`?wallet=&owner=&type=&status=&from=&to=&trip=&category=&search=&page=`), so a reload or a
 * shared link keeps them. A new filter goes back to page 1; invalid values read as absent.
 */
export function useOperationFilters() {
  const { params, numberOf, page, update, setPage, reset } = useUrlQuery();

  const filters = useMemo<OperationFilters>(() => {
    const type = params.get('type');
    const status = params.get('status');
    return {
      wallet: numberOf('wallet'),
      owner: numberOf('owner'),
      type: isTransactionType(type) ? type : undefined,
      status: isTransactionStatus(status) ? status : undefined,
      from: apiDate(params.get('from')),
      to: apiDate(params.get('to')),
      trip: numberOf('trip'),
      category: text(params.get('category')),
      search: text(params.get('search')),
    };
  }, [params, numberOf]);

  const setFilters = (patch: Partial<OperationFilters>) => {
    const query: Record<string, QueryValue> = { page: undefined };
    for (const [name, value] of Object.entries(patch)) {
      query[name] = typeof value === 'string' ? value.trim() : value;
    }
    update(query);
  };

  const filtered = Object.values(filters).some((value) => value !== undefined);

  return { filters, page, filtered, setFilters, setPage, resetFilters: reset };
}
