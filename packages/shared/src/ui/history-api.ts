import {
  api,
  cacheTags,
  emptyPage,
  transformCode1,
  type HistoryEntry,
  type Paginated,
} from '@tour/shared';

/** The record whose "История" is read: `GET /admin/<path>/<id>/history`. */
export interface HistoryArgs {
  /** `trip`, `prepared_tour`, `request`, … (the cache tag's name). */
  record: string;
  /** The API path of the record, e.g. `/admin/trip/5`. */
  path: string;
  id: number;
  page: number;
}

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of a record's changes, newest first. */
    sharedHistory: build.query<Paginated<HistoryEntry>, HistoryArgs>({
      query: ({ path, page }) => ({ url: `${path}/history`, params: { page } }),
      transformResponse: transformCode1(emptyPage<HistoryEntry>()),
      providesTags: (_result, _error, { record, id }) => [cacheTags.history(record, id)],
    }),
  }),
});

export const { useSharedHistoryQuery } = historyApi;
