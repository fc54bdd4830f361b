import { useCallback } from 'react';
import { useUrlQuery } from '@tour/shared/router';

/** The tourist in the drawer: its id, 'new' for the creation form, or none. */
export type OpenedTourist = number | 'new' | null;

/**
 * The drawer's tourist, kept in the URL query (`?tourist=12`, `?tourist=new`) beside the list's
 * search and page, so that a reload or a shared link opens the same form.
 */
export function useOpenedTourist() {
  const { params, numberOf, update } = useUrlQuery();
  const opened: OpenedTourist =
    params.get('tourist') === 'new' ? 'new' : (numberOf('tourist') ?? null);
  const open = useCallback((tourist: number | 'new') => update({ tourist }), [update]);
  const close = useCallback(() => update({ tourist: undefined }), [update]);
  return { opened, open, close };
}
