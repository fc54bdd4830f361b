import { useCallback } from 'react';
import { useUrlQuery } from '@tour/shared/router';

/** The request open in the drawer: its id, 'new' for the creation form, or none. */
export type OpenedTicket = number | 'new' | null;

/**
 * The drawer's request, kept in the URL query (`?ticket=12`, `?ticket=new`) beside the list's
 * filters, so that a reload or a shared link opens the same request.
 */
export function useOpenedTicket() {
  const { params, numberOf, update } = useUrlQuery();
  const opened: OpenedTicket =
    params.get('ticket') === 'new' ? 'new' : (numberOf('ticket') ?? null);
  const open = useCallback((ticket: number | 'new') => update({ ticket }), [update]);
  const close = useCallback(() => update({ ticket: undefined }), [update]);
  return { opened, open, close };
}
