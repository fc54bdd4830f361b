import { useCallback, useMemo } from 'react';
import { useUrlQuery } from '@tour/shared/router';
import { isBookingKind, type BookingKind } from '@tour/shared';

/** The supplier in the drawer: its id, 'new' for the creation form, or none. */
export type OpenedSupplier = number | 'new' | null;

/**
 * The directory's search, kind and page, and the drawer (`?new=1`, `?edit=<id>`), all in the URL
 * query: a reload or a shared link keeps them. A new filter goes back to page 1.
 */
export function useSupplierFilters() {
  const { params, numberOf, page, update, setPage } = useUrlQuery();
  const kindParam = params.get('kind');
  const filters = useMemo(
    () => ({
      search: params.get('search')?.trim() || undefined,
      kind: isBookingKind(kindParam) ? kindParam : undefined,
    }),
    [params, kindParam],
  );
  const setFilters = (patch: { search?: string; kind?: BookingKind }) =>
    update({ ...patch, page: undefined });
  const opened: OpenedSupplier = numberOf('edit') ?? (params.get('new') === '1' ? 'new' : null);
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
    filtered: filters.search !== undefined || filters.kind !== undefined,
    page,
    setFilters,
    setPage,
    opened,
    open,
    close,
  };
}
