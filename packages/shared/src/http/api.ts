import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import axios, { AxiosHeaders, type Method, type ResponseType } from 'axios';
import { http } from './client';
import { dataIfCode1 } from './envelope';

/** What an endpoint's `query` returns: a path under /api (or a full request description). */
export type AxiosQueryArgs =
  | string
  | {
      url: string;
      method?: Method;
      data?: unknown;
      params?: unknown;
      headers?: Record<string, string>;
      responseType?: ResponseType;
    };

/** A failed call: the HTTP status (0 when no response arrived) and the response body. */
export interface AxiosQueryError {
  status: number;
  data: unknown;
  /** The client-side reason when no response arrived (network error, abort). */
  message?: string;
}

/** The response's status and headers, for endpoints that need them. */
export interface AxiosQueryMeta {
  status: number;
  headers: Record<string, unknown>;
}

/** An RTK Query base query over the shared `http` client; it never throws. */
export function axiosBaseQuery(): BaseQueryFn<
  AxiosQueryArgs,
  unknown,
  AxiosQueryError,
  object,
  AxiosQueryMeta
> {
  return async (args, { signal }) => {
    const request = typeof args === 'string' ? { url: args } : args;
    try {
      const response = await http.request({ ...request, signal });
      const headers = AxiosHeaders.from(response.headers as AxiosHeaders).toJSON();
      return { data: response.data, meta: { status: response.status, headers } };
    } catch (error) {
      if (axios.isAxiosError(error) && error.response) {
        const { status, data } = error.response;
        return { error: { status, data } };
      }
      return {
        error: {
          status: 0,
          data: undefined,
          message: error instanceof Error ? error.message : String(error),
        },
      };
    }
  };
}

/** Cache tag types of the one API slice. */
export const API_TAG_TYPES = [
  'User',
  'Users',
  'Roles',
  'Permissions',
  'Wallet',
  'Wallets',
  'Transactions',
  'Rates',
  'Trip',
  'Trips',
  'Tour',
  'Tours',
  'Ticket',
  'Tickets',
  'History',
  'Booking',
  'Report',
  'Sessions',
  'Company',
  'Outbox',
  'Costings',
] as const;

/** The one RTK Query API slice; every section adds its endpoints with `injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery(),
  tagTypes: API_TAG_TYPES,
  endpoints: () => ({}),
});

/** A `transformResponse` applying the code-1 rule: the envelope's data, else `empty`. */
export function transformCode1<T>(empty: T): (body: unknown) => T {
  return (body) => dataIfCode1({ data: body }, empty);
}
