import { Drawer } from '@tour/shared/ui';
import type { BookingKind } from '@tour/shared';
import type { Booking } from '../api/types';
import type { OpenedBooking } from '../hooks/use-booking-drawer';
import { NEW_BOOKING_TITLES } from '../lib/kind-config';
import { BookingForm } from './booking-form';
import { CostingLineForm } from './costing-line-form';
import { BookingView } from './booking-view';

// Wide enough for the form's columns and the participants' table; the whole screen on a phone.
const DRAWER_WIDTH = 'min(960px, 100vw)';

export interface BookingDrawerProps {
  kind: BookingKind;
  opened: OpenedBooking;
  /** A new booking's trip, preset from the URL. */
  presetTripId: number | null;
  /** A new booking's line of the trip's costing to start from (the trip summary's link). */
  costingLine?: number | null;
  onClose: () => void;
  /** A new booking was saved: it opens in its place, with its tabs. */
  onCreated: (booking: Booking) => void;
}

/** The drawer of a booking: the creation form, or an existing booking to work on. */
export function BookingDrawer({
  kind,
  opened,
  presetTripId,
  costingLine = null,
  onClose,
  onCreated,
}: BookingDrawerProps) {
  return (
    <Drawer
      open={opened !== null}
      onClose={onClose}
      title={
        opened === 'new' ? NEW_BOOKING_TITLES[kind] : opened ? `Бронирование №${opened}` : undefined
      }
      size={DRAWER_WIDTH}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {opened === 'new' && costingLine !== null && presetTripId !== null ? (
        <CostingLineForm
          kind={kind}
          tripId={presetTripId}
          index={costingLine}
          onSaved={onCreated}
          onCancel={onClose}
        />
      ) : opened === 'new' ? (
        <BookingForm
          kind={kind}
          presetTripId={presetTripId}
          onSaved={onCreated}
          onCancel={onClose}
        />
      ) : opened ? (
        <BookingView key={opened} id={opened} onClose={onClose} />
      ) : null}
    </Drawer>
  );
}
