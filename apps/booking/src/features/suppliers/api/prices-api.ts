import {
  api,
  cacheTags,
  transformCode1,
  type PriceImportMode,
  type PriceImportResult,
  type SaveSupplierPriceBody,
  type SupplierPrice,
} from '@tour/shared';
import { bookingTags } from '../../../lib/booking-tags';

/** A saved price's supplier: its list and its «История» change. */
const changed = (supplierId: number) => [
  bookingTags.prices(supplierId),
  cacheTags.history('supplier', supplierId),
];

export const pricesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/supplier/:id/prices: every price of the supplier. */
    bookingSupplierPrices: build.query<SupplierPrice[], number>({
      query: (supplierId) => `/admin/supplier/${supplierId}/prices`,
      transformResponse: transformCode1<SupplierPrice[]>([]),
      providesTags: (_result, _error, supplierId) => [bookingTags.prices(supplierId)],
    }),
    /** POST /admin/supplier/:id/prices (id null) or PUT /admin/supplier-price/:id. */
    bookingSupplierPriceSave: build.mutation<
      SupplierPrice | null,
      { supplierId: number; id: number | null; body: SaveSupplierPriceBody }
    >({
      query: ({ supplierId, id, body }) =>
        id === null
          ? { url: `/admin/supplier/${supplierId}/prices`, method: 'POST', data: body }
          : { url: `/admin/supplier-price/${id}`, method: 'PUT', data: body },
      transformResponse: transformCode1<SupplierPrice | null>(null),
      invalidatesTags: (_result, error, { supplierId }) => (error ? [] : changed(supplierId)),
    }),
    /** DELETE /admin/supplier-price/:id. */
    bookingSupplierPriceDelete: build.mutation<null, { supplierId: number; id: number }>({
      query: ({ id }) => ({ url: `/admin/supplier-price/${id}`, method: 'DELETE' }),
      transformResponse: transformCode1<null>(null),
      invalidatesTags: (_result, error, { supplierId }) => (error ? [] : changed(supplierId)),
    }),
    /**
     * POST /admin/supplier/:id/prices/import: the file's bytes as they are (the server tells what
     * the file is), all or nothing.
     */
    bookingSupplierPricesImport: build.mutation<
      PriceImportResult | null,
      { supplierId: number; file: Blob; mode: PriceImportMode }
    >({
      query: ({ supplierId, file, mode }) => ({
        url: `/admin/supplier/${supplierId}/prices/import`,
        method: 'POST',
        data: file,
        params: { mode },
        headers: { 'Content-Type': 'application/octet-stream' },
      }),
      transformResponse: transformCode1<PriceImportResult | null>(null),
      invalidatesTags: (_result, error, { supplierId }) => (error ? [] : changed(supplierId)),
    }),
  }),
});

export const {
  useBookingSupplierPricesImportMutation,
  useBookingSupplierPricesQuery,
  useBookingSupplierPriceSaveMutation,
  useBookingSupplierPriceDeleteMutation,
} = pricesApi;
