import { api, emptyPage, transformCode1, type BookingKind } from '@tour/shared';
import { bookingTags } from './booking-tags';
import type { Supplier } from './supplier';

/** How many suppliers one search offers. */
export const SUPPLIER_OPTIONS_PER_PAGE = 20;

/** A search among the suppliers of a kind, or one supplier by id (a value chosen before). */
export type SupplierOptionsArgs = { search: string; kind?: BookingKind } | { id: number };

// Names carry the section's prefix: every app injects into the one slice.
export const supplierOptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Suppliers found by the server's search (GET /admin/suppliers), or the one by id. */
    bookingSupplierOptions: build.query<Supplier[], SupplierOptionsArgs>({
      async queryFn(args, _api, _extra, baseQuery) {
        const result = await baseQuery(
          'id' in args
            ? { url: `/admin/supplier/${args.id}` }
            : {
                url: '/admin/suppliers',
                params: {
                  search: args.search.trim() || undefined,
                  kind: args.kind,
                  per_page: SUPPLIER_OPTIONS_PER_PAGE,
                },
              },
        );
        if (result.error) return { error: result.error };
        if ('id' in args) {
          const supplier = transformCode1<Supplier | null>(null)(result.data);
          return { data: supplier ? [supplier] : [] };
        }
        return { data: transformCode1(emptyPage<Supplier>())(result.data).data };
      },
      providesTags: (result) => [
        bookingTags.supplierLists,
        ...(result ?? []).map((supplier) => bookingTags.supplier(supplier.id)),
      ],
    }),
  }),
});

export const { useBookingSupplierOptionsQuery } = supplierOptionsApi;
