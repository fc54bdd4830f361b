import { useCallback } from 'react';
import { useUrlQuery } from '@tour/shared/router';

/** The booking in the drawer: its id, 'new' for the creation form, or none. */
export type OpenedBooking = number | 'new' | null;

/**
 * The drawer, driven by the URL query beside the filters: `?new=1` (with `trip_id` preset when
 * the list is filtered by a trip, as the trip summary links, and `costing_line` when the new
 * booking starts from a line of the trip's costing) or `?edit=<id>`; a reload or a shared link
 * opens the same booking.
 */
export function useBookingDrawer() {
  const { params, numberOf, update } = useUrlQuery();
  const opened: OpenedBooking = numberOf('edit') ?? (params.get('new') === '1' ? 'new' : null);
  const open = useCallback(
    (booking: number | 'new') =>
      update(
        booking === 'new'
          ? { new: true, edit: undefined, costing_line: undefined }
          : { edit: booking, new: undefined, costing_line: undefined },
      ),
    [update],
  );
  const close = useCallback(
    () => update({ new: undefined, edit: undefined, costing_line: undefined }),
    [update],
  );
  return {
    opened,
    open,
    close,
    presetTripId: numberOf('trip_id') ?? null,
    costingLine: numberOf('costing_line') ?? null,
  };
}
