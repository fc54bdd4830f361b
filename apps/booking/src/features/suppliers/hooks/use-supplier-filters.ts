import { useCallback } from 'react';
import { urlFilter, useUrlFilters } from '@tour/shared/router';
import { BOOKING_KIND_NAMES, positiveInteger } from '@tour/shared';

const SUPPLIER_FILTERS = {
  search: urlFilter.optionalText(),
  kind: urlFilter.oneOf(BOOKING_KIND_NAMES),
};

/** The supplier in the drawer: its id, 'new' for the creation form, or none. */
export type OpenedSupplier = number | 'new' | null;

/**
 * The directory's search, kind and page, and the drawer (`?new=1`, `?edit=<id>`), all in the URL
 * query: a reload or a shared link keeps them. A new filter goes back to page 1.
 */
export function useSupplierFilters() {
  const { filters, filtered, page, setFilters, setPage, params, update } =
    useUrlFilters(SUPPLIER_FILTERS);
  const opened: OpenedSupplier =
    positiveInteger(params.get('edit')) ?? (params.get('new') === '1' ? 'new' : null);
  const open = useCallback(
    (supplier: number | 'new') =>
      update(
        supplier === 'new' ? { new: true, edit: undefined } : { edit: supplier, new: undefined },
      ),
    [update],
  );
  const close = useCallback(() => update({ new: undefined, edit: undefined }), [update]);
  return {
    filters,
    filtered,
    page,
    setFilters,
    setPage,
    opened,
    open,
    close,
  };
}
