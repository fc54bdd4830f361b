import {
  api,
  cacheTags,
  emptyPage,
  RATES_DATE_HEADER,
  transformCode1,
  type Paginated,
  type RateHistoryDay,
  type RateHistoryQuery,
  type RateImport,
  type RatePair,
  type Rates,
  type RatesByDate,
  type SaveRatesBody,
} from '@tour/shared';

/** The rates of a day as conversions see them: the latest day on or before it. */
export interface DayRates {
  /** The day asked for, YYYY-MM-DD. */
  date: string;
  /** The day the rates are of (the server's X-Rates-Date); null when there are none so far. */
  ratesDate: string | null;
  rates: Rates;
}

export type { RateHistoryDay, RateImport, RatePair };

export type RateHistoryArgs = Pick<RateHistoryQuery, 'from' | 'to'> & { page: number };

export type SaveRatesArgs = SaveRatesBody;

const NO_RATES: RatesByDate = {};

// The section's prefix, as every endpoint of this app: all apps inject into the one slice.
// Every call here provides or invalidates the one rates tag: a day saved changes the rates that
// every later day shows, and the history.
export const ratesApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountingRatesOfDay: build.query<DayRates, string>({
      query: (date) => ({ url: '/currency-rates', params: { date } }),
      transformResponse: (body: unknown, meta, date) => {
        const rates = transformCode1(NO_RATES)(body)[date] ?? {};
        const day = meta?.headers[RATES_DATE_HEADER];
        return { date, ratesDate: typeof day === 'string' && day !== '' ? day : null, rates };
      },
      providesTags: [cacheTags.rates],
    }),
    accountingRateHistory: build.query<Paginated<RateHistoryDay>, RateHistoryArgs>({
      query: ({ page, from, to }) => ({
        url: '/admin/currency-rates/history',
        params: { page, from, to },
      }),
      transformResponse: transformCode1(emptyPage<RateHistoryDay>()),
      providesTags: [cacheTags.rates],
    }),
    accountingSaveRates: build.mutation<RatesByDate, SaveRatesArgs>({
      query: (body) => ({ url: '/admin/currency-rates', method: 'POST', data: body }),
      transformResponse: transformCode1(NO_RATES),
      invalidatesTags: (_result, error) => (error ? [] : [cacheTags.rates]),
    }),
    /** Sends the file's bytes as they are: the server reads its windows-1251 itself. */
    accountingImportRates: build.mutation<RateImport | null, Blob>({
      query: (file) => ({
        url: '/admin/currency-rates/import',
        method: 'POST',
        data: file,
        headers: { 'Content-Type': 'application/octet-stream' },
      }),
      transformResponse: transformCode1<RateImport | null>(null),
      invalidatesTags: (_result, error) => (error ? [] : [cacheTags.rates]),
    }),
  }),
});

export const {
  useAccountingRatesOfDayQuery,
  useAccountingRateHistoryQuery,
  useAccountingSaveRatesMutation,
  useAccountingImportRatesMutation,
} = ratesApi;
