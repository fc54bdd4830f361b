import { useState } from 'react';
import { Button, Dropdown } from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import {
  BOOKING_KIND_NAMES,
  BOOKING_KIND_ROUTES,
  BOOKING_KINDS,
  formatMonthParam,
  hrefOf,
} from '@tour/shared';
import { ChevronDownIcon } from '../../../../assets/icons';
import { CostingLinesDialog } from './from-costing';

/**
 * «Добавить бронирование»: one entry per kind, the new booking's form tied to this trip; and
 * «Из калькуляции…», a line of the trip's costing to start the form from.
 */
export function AddBooking({ tripId, startsOn }: { tripId: number; startsOn: string }) {
  const month = formatMonthParam(startsOn);
  const [picking, setPicking] = useState(false);
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            ...BOOKING_KIND_NAMES.map((kind) => ({
              key: kind,
              label: (
                <Link
                  to={`${hrefOf(BOOKING_KIND_ROUTES[kind], { date: month })}?trip_id=${tripId}&new=1`}
                >
                  {BOOKING_KINDS[kind].label}
                </Link>
              ),
            })),
            { type: 'divider' as const },
            { key: 'costing', label: 'Из калькуляции…', onClick: () => setPicking(true) },
          ],
        }}
      >
        <Button aria-haspopup="menu">
          Добавить бронирование
          <ChevronDownIcon />
        </Button>
      </Dropdown>
      <CostingLinesDialog
        tripId={tripId}
        startsOn={startsOn}
        open={picking}
        onClose={() => setPicking(false)}
      />
    </>
  );
}
