import {
  fileNameFromContentDisposition,
  type Paginated,
  type User,
  type ValidationErrors,
} from '@tour/core';

/** A response as the envelope rules read it: HTTP status, body and (for downloads) headers. */
export interface EnvelopeResponse {
  status?: number;
  data?: unknown;
  headers?: unknown;
}

type Body = Record<string, unknown>;

function bodyOf(response: EnvelopeResponse | null | undefined): Body | null {
  const body = response?.data;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : null;
}

/** True when a response body is an envelope whose code is 1. */
export function isCode1(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as Body).code === 1;
}

/** The envelope's `data` when its code is 1, else `empty` (SPEC.md 5). */
export function dataIfCode1<T>(response: EnvelopeResponse | null | undefined, empty: T): T {
  const body = bodyOf(response);
  if (!isCode1(body) || body?.data === undefined) return empty;
  return body.data as T;
}

/**
 * A list page with no rows: what a paged read shows when the server's code is not 1 (SPEC.md 5:
 * treated as empty). A new object each time, so no caller can change another's.
 */
export function emptyPage<T>(): Paginated<T> {
  return { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0, from: null, to: null };
}

/** Outcome of a save: the saved data, or the server's field errors (false when it sent none). */
export type SaveResult<T> = { ok: true; data: T } | { ok: false; errors: ValidationErrors | false };

function errorsOf(body: Body | null): ValidationErrors | false {
  const errors = body?.errors;
  return typeof errors === 'object' && errors !== null && !Array.isArray(errors)
    ? (errors as ValidationErrors)
    : false;
}

/** The save rule of SPEC.md 5: ok only on 200 with code 1, else the `errors` field or false. */
export function saveResult<T>(response: EnvelopeResponse | null | undefined): SaveResult<T> {
  const body = bodyOf(response);
  if (response?.status === 200 && isCode1(body)) return { ok: true, data: body?.data as T };
  return { ok: false, errors: errorsOf(body) };
}

/** The user save rule of SPEC.md 5 (POST /admin/users), for a success or a failure response. */
export function userSaveResult(response: EnvelopeResponse | null | undefined): SaveResult<User> {
  return saveResult<User>(response);
}

/** True for a signed-in user: a non-empty object (SPEC.md 3). */
export function isAuthenticatedUser(user: unknown): user is User {
  return (
    typeof user === 'object' &&
    user !== null &&
    !Array.isArray(user) &&
    Object.keys(user).length > 0
  );
}

/** The user of a login response: only on status 200 with a non-empty `user`, else null. */
export function loginResult(response: EnvelopeResponse | null | undefined): User | null {
  const user = bodyOf(response)?.user;
  return response?.status === 200 && isAuthenticatedUser(user) ? user : null;
}

/** A downloaded file. */
export interface DownloadResult {
  blob: Blob;
  fileName: string;
}

function headerOf(headers: unknown, name: string): string | null {
  if (typeof headers !== 'object' || headers === null) return null;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name && typeof value === 'string') return value;
  }
  return null;
}

/** The file of a 200 response, named by Content-Disposition or `fallbackFileName`; else false. */
export function downloadResult(
  response: EnvelopeResponse | null | undefined,
  fallbackFileName = 'download',
): DownloadResult | false {
  const blob = response?.data;
  if (response?.status !== 200 || !(blob instanceof Blob)) return false;
  const header = headerOf(response.headers, 'content-disposition');
  return { blob, fileName: fileNameFromContentDisposition(header) ?? fallbackFileName };
}

/** How long an object URL outlives its download click; some browsers read it after click(). */
export const OBJECT_URL_LIFETIME_MS = 10_000;

/** Makes the browser save `blob` as `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/** Saves a download response's file when its status is 200 (SPEC.md 7); returns it, or false. */
export function saveDownload(
  response: EnvelopeResponse | null | undefined,
  fallbackFileName?: string,
): DownloadResult | false {
  const result = downloadResult(response, fallbackFileName);
  if (result) saveBlob(result.blob, result.fileName);
  return result;
}
