import {
  api,
  cacheTags,
  emptyPage,
  transformCode1,
  type Paginated,
  type SaveSupplierBody,
  type SupplierListQuery,
} from '@tour/shared';
import { bookingTags } from '../../../lib/booking-tags';
import type { Supplier } from '../../../lib/supplier';

/** GET /admin/suppliers: the directory's filters and page. */
export type SuppliersArgs = Pick<SupplierListQuery, 'search' | 'kind'> & { page: number };

/** POST /admin/suppliers and PUT /admin/supplier/:id: the whole supplier. */
export type SupplierBody = SaveSupplierBody;

export const suppliersApi = api.injectEndpoints({
  endpoints: (build) => ({
    bookingSuppliersPage: build.query<Paginated<Supplier>, SuppliersArgs>({
      query: (params) => ({ url: '/admin/suppliers', params }),
      transformResponse: transformCode1(emptyPage<Supplier>()),
      providesTags: (result) => [
        bookingTags.supplierLists,
        ...(result?.data ?? []).map((supplier) => bookingTags.supplier(supplier.id)),
      ],
    }),
    bookingSupplier: build.query<Supplier | null, number>({
      query: (id) => `/admin/supplier/${id}`,
      transformResponse: transformCode1<Supplier | null>(null),
      providesTags: (_result, _error, id) => [bookingTags.supplier(id)],
    }),
    /** A saved supplier changes its record, every list and picker, and its «История». */
    bookingSupplierSave: build.mutation<Supplier | null, { id: number | null; body: SupplierBody }>(
      {
        query: ({ id, body }) =>
          id === null
            ? { url: '/admin/suppliers', method: 'POST', data: body }
            : { url: `/admin/supplier/${id}`, method: 'PUT', data: body },
        transformResponse: transformCode1<Supplier | null>(null),
        invalidatesTags: (supplier, error) =>
          error || !supplier
            ? []
            : [
                bookingTags.supplier(supplier.id),
                bookingTags.supplierLists,
                cacheTags.history('supplier', supplier.id),
                // The bookings show the supplier's name.
                bookingTags.bookingLists,
                bookingTags.dashboard,
              ],
      },
    ),
  }),
});

export const {
  useBookingSuppliersPageQuery,
  useBookingSupplierQuery,
  useBookingSupplierSaveMutation,
} = suppliersApi;
