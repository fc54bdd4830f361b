import {
  api,
  cacheTags,
  emptyPage,
  transformCode1,
  type BookingKind,
  type Currency,
  type Paginated,
} from '@tour/shared';
import { bookingTags } from '../../../lib/booking-tags';
import type { Supplier } from '../../../lib/supplier';

/** GET /admin/suppliers: the directory's filters and page. */
export interface SuppliersArgs {
  page: number;
  search?: string;
  kind?: BookingKind;
}

/** POST /admin/suppliers and PUT /admin/supplier/:id: the whole supplier. */
export interface SupplierBody {
  name: string;
  kinds: BookingKind[];
  contact_person: string | null;
  phone: string | null;
  email: string | null;
  default_currency: Currency | null;
  city: string | null;
  address: string | null;
  notes: string | null;
}

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
