import {
  api,
  cacheTags,
  emptyPage,
  transformCode1,
  type ApplyCostingBody,
  type BookingKind,
  type CacheTag,
  type Costing,
  type CostingBody,
  type CostingListQuery,
  type CostingPreview,
  type SaveCostingBody,
  type Supplier,
  type SupplierPrice,
  type Trip,
} from '@tour/shared';

/** What a costing is made for: a prepared tour, a trip or a request. */
export type CostingSubjectKind = 'prepared_tour' | 'trip' | 'request';

/** One subject's costing: which and its id. */
export interface CostingSubjectRef {
  kind: CostingSubjectKind;
  id: number;
}

/** The query key of the subject (GET /admin/costings?trip_id=…, the save body's subject). */
export function subjectParams({ kind, id }: CostingSubjectRef): CostingListQuery {
  if (kind === 'trip') return { trip_id: id };
  if (kind === 'request') return { request_id: id };
  return { prepared_tour_id: id };
}

// The booking section tags its suppliers and price lists as 'Booking' ids (the shared tag types
// have no 'Supplier'): the same ids here, so a price saved in the booking section refreshes the
// lists a costing picks from.
const supplierTag = (id: number): CacheTag => ({ type: 'Booking', id: `supplier-${id}` });
const supplierListsTag: CacheTag = { type: 'Booking', id: 'SUPPLIERS' };
const pricesTag = (supplierId: number): CacheTag => ({
  type: 'Booking',
  id: `prices-${supplierId}`,
});

/** How many suppliers one search offers. */
const SUPPLIERS_PER_SEARCH = 20;

/** A search among the suppliers of a kind, or one supplier by id (a line loaded from a version). */
export type CostingSupplierArgs = { search: string; kind?: BookingKind } | { id: number };

// Names carry the feature's prefix: every app injects into the one slice, and RTK Query keeps the
// first definition of a name, silently, when another picks the same one.
export const costingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /admin/costings/preview: the table for a draft, nothing saved (a query: cached). */
    shellCostingsPreview: build.query<CostingPreview | null, CostingBody>({
      query: (body) => ({ url: '/admin/costings/preview', method: 'POST', data: body }),
      transformResponse: transformCode1<CostingPreview | null>(null),
      // Price lists and rates change under a draft: a preview is never kept for long.
      keepUnusedDataFor: 5,
    }),
    /** GET /admin/costings: the subject's saved versions, newest first. */
    shellCostingsVersions: build.query<Costing[], CostingSubjectRef>({
      query: (subject) => ({ url: '/admin/costings', params: subjectParams(subject) }),
      transformResponse: transformCode1<Costing[]>([]),
      providesTags: (_result, _error, { kind, id }) => [cacheTags.costings(kind, id)],
    }),
    /** POST /admin/costings: the draft saved as the subject's next version. */
    shellCostingsSave: build.mutation<Costing | null, SaveCostingBody>({
      query: (body) => ({ url: '/admin/costings', method: 'POST', data: body }),
      transformResponse: transformCode1<Costing | null>(null),
      invalidatesTags: (costing, error) =>
        error || !costing
          ? []
          : costing.trip_id !== null
            ? [cacheTags.costings('trip', costing.trip_id)]
            : costing.request_id !== null
              ? [cacheTags.costings('request', costing.request_id)]
              : costing.prepared_tour_id !== null
                ? [cacheTags.costings('prepared_tour', costing.prepared_tour_id)]
                : [],
    }),
    /** POST /admin/costing/:id/apply: a cell's price becomes the trip's (its record, lists, История). */
    shellCostingsApply: build.mutation<
      Trip | null,
      ApplyCostingBody & { costingId: number; tripId: number }
    >({
      query: ({ costingId, tripId: _tripId, ...body }) => ({
        url: `/admin/costing/${costingId}/apply`,
        method: 'POST',
        data: body,
      }),
      transformResponse: transformCode1<Trip | null>(null),
      invalidatesTags: (_trip, error, { tripId }) =>
        error
          ? []
          : [cacheTags.trip(tripId), cacheTags.tripLists, cacheTags.history('trip', tripId)],
    }),
    /** Suppliers found by the server's search (GET /admin/suppliers), or the one by id. */
    shellCostingsSuppliers: build.query<Supplier[], CostingSupplierArgs>({
      async queryFn(args, _api, _extra, baseQuery) {
        const result = await baseQuery(
          'id' in args
            ? { url: `/admin/supplier/${args.id}` }
            : {
                url: '/admin/suppliers',
                params: {
                  search: args.search.trim() || undefined,
                  kind: args.kind,
                  per_page: SUPPLIERS_PER_SEARCH,
                },
              },
        );
        if (result.error) return { error: result.error as never };
        if ('id' in args) {
          const supplier = transformCode1<Supplier | null>(null)(result.data);
          return { data: supplier ? [supplier] : [] };
        }
        return { data: transformCode1(emptyPage<Supplier>())(result.data).data };
      },
      providesTags: (result) => [supplierListsTag, ...(result ?? []).map((s) => supplierTag(s.id))],
    }),
    /** GET /admin/supplier/:id/prices: every price of the supplier, every season. */
    shellCostingsSupplierPrices: build.query<SupplierPrice[], number>({
      query: (supplierId) => `/admin/supplier/${supplierId}/prices`,
      transformResponse: transformCode1<SupplierPrice[]>([]),
      providesTags: (_result, _error, supplierId) => [pricesTag(supplierId)],
    }),
  }),
});

export const {
  useShellCostingsPreviewQuery,
  useShellCostingsVersionsQuery,
  useShellCostingsSaveMutation,
  useShellCostingsApplyMutation,
  useShellCostingsSuppliersQuery,
  useShellCostingsSupplierPricesQuery,
} = costingsApi;
