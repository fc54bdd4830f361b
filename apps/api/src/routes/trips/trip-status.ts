import { canMoveTrip, type TripStatus } from '@tour/core';
import type { Db } from '../../db/database';
import { validationError } from '../../lib/http-errors';
import { recordChanges } from '../../domain/history';
import type { ScopeViewer } from '../../domain/reach';
import * as repo from './repository';
import type { TripJson } from '@tour/core/contract/trips';
import { TRIP_MESSAGES } from './trip-messages';
import { lockTripOr404, reread, tripChange } from './trip-service';
import { participantChange, takesSeat } from './participant-service';

/** POST /admin/trip/:id/status: one step of the flow, or cancelled from any status but completed. */
export async function moveTrip(
  trx: Db,
  viewer: ScopeViewer,
  id: number,
  status: TripStatus,
): Promise<TripJson> {
  const locked = await lockTripOr404(trx, id);
  if (!canMoveTrip(locked.status, status)) {
    const message = TRIP_MESSAGES.statusMove(locked.status, status);
    throw validationError({ status: [message] }, message);
  }
  if (locked.status !== status) {
    await repo.updateTrip(trx, id, { status });
    const changes = [
      tripChange(id, 'status', [{ field: 'status', old: locked.status, new: status }], viewer),
    ];
    // Nobody travels on a cancelled trip: its participants are cancelled with it, so they owe
    // nothing more and what they paid shows as overpaid (to refund), each change on record.
    if (status === 'cancelled') {
      const active = (await repo.participantsOf(trx, [id])).filter((p) => takesSeat(p.status));
      for (const participant of active) {
        await repo.updateParticipant(trx, participant.id, { status: 'cancelled' });
        changes.push(
          participantChange(
            id,
            participant.id,
            'updated',
            [{ field: 'status', old: participant.status, new: 'cancelled' }],
            viewer,
          ),
        );
      }
      if (active.length > 0) await repo.moveSeatsTaken(trx, id, -active.length);
    }
    await recordChanges(trx, changes);
  }
  return reread(trx, id);
}
