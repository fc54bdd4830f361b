import { urlFilter, useUrlFilters } from '@tour/shared/router';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '@tour/shared';

/**
 * The operations' filters in the URL query under the API's own names
 * (`?wallet=&owner=&type=&status=&from=&to=&trip=&category=&search=&page=`); invalid values read
 * as absent.
 */
const OPERATION_FILTERS = {
  wallet: urlFilter.id(),
  owner: urlFilter.id(),
  type: urlFilter.oneOf(Object.keys(TRANSACTION_TYPES) as TransactionType[]),
  status: urlFilter.oneOf(Object.keys(TRANSACTION_STATUSES) as TransactionStatus[]),
  from: urlFilter.day(),
  to: urlFilter.day(),
  trip: urlFilter.id(),
  category: urlFilter.optionalText(),
  search: urlFilter.optionalText(),
};

/**
 * The operations' filters and page, kept in the URL query so a reload or a shared link keeps
 * them. A new filter goes back to page 1.
 */
export function useOperationFilters() {
  const { filters, page, filtered, setFilters, setPage, resetFilters } =
    useUrlFilters(OPERATION_FILTERS);
  return { filters, page, filtered, setFilters, setPage, resetFilters };
}
