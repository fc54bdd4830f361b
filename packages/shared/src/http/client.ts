import axios, { type AxiosError } from 'axios';

/** The one HTTP client of every app: base /api, JSON, no timeout, cookies and XSRF token. */
export const http = axios.create({
  baseURL: '/api',
  // Content-Type is left to axios: JSON for objects, multipart for FormData (a fixed JSON type
  // would make axios serialise FormData uploads to JSON).
  headers: { Accept: 'application/json' },
  timeout: 0,
  withCredentials: true,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  // withXSRFToken stays unset: axios then sends the token to same-origin URLs only (/api), never
  // to a third-party host a call might name.
});

/** HTTP statuses that mean the session is gone: 401 unauthenticated, 419 CSRF token expired. */
export const UNAUTHENTICATED_STATUSES: readonly number[] = [401, 419];

/** Called with the failed request's error when a response says the session is gone. */
export type UnauthenticatedHandler = (error: AxiosError) => void;

const handlers = new Set<UnauthenticatedHandler>();

http.interceptors.response.use(undefined, (error: unknown) => {
  if (axios.isAxiosError(error) && UNAUTHENTICATED_STATUSES.includes(error.response?.status ?? 0)) {
    for (const handler of [...handlers]) handler(error);
  }
  return Promise.reject(error);
});

/** Registers a handler for 401 and 419 answers to any call (the shell goes to login). */
export function onUnauthenticated(handler: UnauthenticatedHandler): () => void {
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
  };
}
