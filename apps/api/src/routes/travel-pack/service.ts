import { zipSync, type Zippable } from 'fflate';
import type { Db } from '../../db/database';
import { notFound, validationError } from '../../lib/http-errors';
import { businessToday } from '../../domain/business-day';
import { reaches, type ScopeViewer } from '../../domain/reach';
import { companyDetails, type CompanyDetails } from '../../domain/papers/company-details';
import { safeDocxFileName, safeFileName } from '../../domain/papers/file-name';
import { companyForPrint } from '../company/service';
import { documentTripDays } from '../documents/service';
import {
  bookingJson,
  supplierContacts,
  tripBookings,
  voucherDocx,
  type BookingParticipantRow,
  type BookingRow,
} from '../bookings/service';
import { flightsDocx, insuranceDocx, memoDocx, programmeDocx, type PackHeader } from './papers';
import * as repo from './repository';

// The tourist's travel pack (issue 32): one ZIP with the vouchers of its confirmed hotels and
// transfers, its flights («Авиабилеты»), its insurance («Страховка»), the trip's programme and
// the prepared tour's memo («Памятка туристу»), each a DOCX; a paper with nothing to say (no
// flight, no policy, no memo) is left out, never printed empty.

export const TRAVEL_PACK_MESSAGES = {
  participantNotFound: 'Участник тура не найден',
  tripNotFound: 'Тур не найден',
  touristNotOnTrip: 'Турист не найден в этом туре',
  nobody: 'В туре нет участников, чьи документы вам доступны',
} as const;

/** A generated archive: its Unicode name, an ASCII name for old clients, its bytes. */
export interface PackFile {
  name: string;
  asciiName: string;
  content: Buffer;
}

/** Whose roommates a voucher may name: every one, or only the tourists of this agent. */
type RoommatesOf = { agentId: number } | 'all';

interface PackContext {
  db: Db;
  company: CompanyDetails;
  /** The trip's bookings (every kind), read once for all its participants. */
  bookings: BookingRow[];
  roommates: RoommatesOf;
  /** The agent's tourists among the trip's participants (users), when roommates are an agent's. */
  agentTourists: ReadonlySet<number>;
  issuedOn: string;
}

const covering = (booking: BookingRow, participantId: number) =>
  booking.participants?.find((person) => person.participant_id === participantId) ?? null;

/**
 * The travellers a hotel voucher of the pack names: the tourist and those sharing its room who
 * still travel (the desk checks in the whole room), never the rest of the group, whose passports
 * are not the tourist's to carry; an agent's pack names only its own tourists. A transfer's
 * voucher names the tourist alone.
 */
function voucherTravellers(
  booking: BookingRow,
  participantId: number,
  context: PackContext,
): BookingParticipantRow[] {
  const people = booking.participants ?? [];
  const own = people.find((person) => person.participant_id === participantId);
  if (!own) return [];
  if (booking.kind !== 'hotel' || own.room === null) return [own];
  return people.filter(
    (person) =>
      person.participant_id === participantId ||
      (person.room === own.room &&
        person.status !== 'cancelled' &&
        (context.roommates === 'all' || context.agentTourists.has(person.user_id))),
  );
}

/** The DOCX papers of one participant's pack, by their names in the archive, in order. */
async function packPapers(
  context: PackContext,
  participant: repo.PackParticipantRow,
): Promise<Array<[string, Buffer]>> {
  const { db, company } = context;
  const participantId = participant.participant_id;
  const mine = context.bookings.filter(
    (booking) => booking.status === 'confirmed' && covering(booking, participantId) !== null,
  );
  const ofKind = (kind: string) => mine.filter((booking) => booking.kind === kind);
  const header: PackHeader = {
    company,
    fullName: participant.full_name,
    birthDate: participant.birth_date,
    passportNumber: participant.passport_number,
    trip: {
      title: participant.trip_title,
      startsOn: participant.trip_starts_on,
      endsOn: participant.trip_ends_on,
    },
  };
  const papers: Array<[string, Buffer]> = [];

  for (const row of mine.filter((booking) => ['hotel', 'transfer'].includes(booking.kind))) {
    const booking = bookingJson(row);
    const flightId = booking.details.flight_booking_id;
    const flight = context.bookings.find((other) => other.id === flightId) ?? null;
    const contacts = await supplierContacts(db, row.supplier_id);
    const content = await voucherDocx({
      company,
      booking,
      travellers: voucherTravellers(row, participantId, context),
      contacts: contacts ?? null,
      flight,
      issuedOn: context.issuedOn,
    });
    papers.push([safeDocxFileName(`Ваучер №${row.id} ${row.title}`, `Ваучер ${row.id}`), content]);
  }

  const flights = ofKind('air_ticket');
  if (flights.length > 0) {
    const content = await flightsDocx(
      header,
      flights.map((row) => ({
        supplierName: row.supplier_name,
        startsOn: row.starts_on,
        endsOn: row.ends_on,
        confirmationNumber: row.confirmation_number,
        details: row.details,
        ticketNumber: covering(row, participantId)?.ticket_number ?? null,
      })),
    );
    papers.push(['Авиабилеты.docx', content]);
  }

  const policies = ofKind('health_insurance');
  if (policies.length > 0) {
    const phones = await Promise.all(policies.map((row) => supplierContacts(db, row.supplier_id)));
    const content = await insuranceDocx(
      header,
      policies.map((row, index) => ({
        insurer: row.supplier_name,
        insurerPhone: phones[index]?.phone ?? null,
        startsOn: row.starts_on,
        endsOn: row.ends_on,
        days: bookingJson(row).days ?? 0,
        // As the API shows them: the coverage in major units (the row keeps minor ones).
        details: bookingJson(row).details,
        policyNumber: covering(row, participantId)?.policy_number ?? null,
      })),
    );
    papers.push(['Страховка.docx', content]);
  }

  const trip = await documentTripDays(db, participant.trip_id, participantId);
  papers.push(['Программа тура.docx', await programmeDocx(header, trip)]);

  if (participant.memo) {
    const tourTitle = participant.tour_title ?? participant.trip_title;
    papers.push(['Памятка туристу.docx', await memoDocx(header, tourTitle, participant.memo)]);
  }
  return papers;
}

async function contextOf(db: Db, tripId: number, roommates: RoommatesOf): Promise<PackContext> {
  const [company, bookings] = await Promise.all([companyForPrint(db), tripBookings(db, tripId)]);
  let agentTourists = new Set<number>();
  if (roommates !== 'all') {
    const users = bookings.flatMap((booking) =>
      (booking.participants ?? []).map((person) => person.user_id),
    );
    if (users.length > 0) {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [...new Set(users)])
        .where('counterparty_id', '=', roommates.agentId)
        .execute();
      agentTourists = new Set(rows.map((row) => row.id));
    }
  }
  return {
    db,
    company: companyDetails(company),
    bookings,
    roommates,
    agentTourists,
    issuedOn: businessToday(),
  };
}

/** The papers packed in a ZIP; the DOCX are compressed already, so they are stored as they are. */
function zipOf(files: Array<[string, Buffer]>): Buffer {
  const entries: Zippable = {};
  for (const [name, content] of files) entries[name] = [new Uint8Array(content), { level: 0 }];
  return Buffer.from(zipSync(entries, { mtime: new Date() }));
}

/** «Документы туриста — Осмонова Айгуль — Осенняя Япония.zip» and its ASCII fallback. */
function packName(participant: repo.PackParticipantRow): { name: string; asciiName: string } {
  return {
    name: safeFileName(
      `Документы туриста — ${participant.full_name} — ${participant.trip_title}`,
      'Документы туриста',
      '.zip',
    ),
    asciiName: `travel-pack-${participant.trip_id}-${participant.participant_id}.zip`,
  };
}

/**
 * Whether a staff member may have the pack: the papers carry the tourist's passport, so it is for
 * those who reach the tourist (as its card: see_all_users, or its manager) and for the trip's
 * manager, who hands the group its papers.
 */
function staffMayHave(viewer: ScopeViewer, participant: repo.PackParticipantRow): boolean {
  return (
    participant.trip_manager_id === viewer.id ||
    reaches(viewer, {
      id: participant.user_id,
      manager_id: participant.manager_id,
      counterparty_id: participant.counterparty_id,
    })
  );
}

/** GET /admin/trip/:id/participant/:participantId/travel-pack. */
export async function participantPack(
  db: Db,
  viewer: ScopeViewer,
  tripId: number,
  participantId: number,
): Promise<PackFile> {
  const participant = await repo.packParticipant(db, tripId, participantId);
  if (!participant || !staffMayHave(viewer, participant)) {
    throw notFound(TRAVEL_PACK_MESSAGES.participantNotFound);
  }
  const context = await contextOf(db, tripId, 'all');
  return { ...packName(participant), content: zipOf(await packPapers(context, participant)) };
}

/** GET /agent/tourists/:id/trip/:tripId/travel-pack: only the agent's own tourist. */
export async function agentParticipantPack(
  db: Db,
  viewer: ScopeViewer,
  userId: number,
  tripId: number,
): Promise<PackFile> {
  const participant = await repo.agentPackParticipant(db, viewer.id, userId, tripId);
  if (!participant) throw notFound(TRAVEL_PACK_MESSAGES.touristNotOnTrip);
  const context = await contextOf(db, tripId, { agentId: viewer.id });
  return { ...packName(participant), content: zipOf(await packPapers(context, participant)) };
}

/**
 * GET /admin/trip/:id/travel-packs: a folder per participant who still travels (and whom the
 * viewer may have, as for one pack), named by the tourist; namesakes told apart by a number.
 */
export async function tripPacks(db: Db, viewer: ScopeViewer, tripId: number): Promise<PackFile> {
  const trip = await repo.tripExists(db, tripId);
  if (!trip) throw notFound(TRAVEL_PACK_MESSAGES.tripNotFound);
  const participants = (await repo.activePackParticipants(db, tripId)).filter((participant) =>
    staffMayHave(viewer, participant),
  );
  if (participants.length === 0) {
    throw validationError({ id: [TRAVEL_PACK_MESSAGES.nobody] }, TRAVEL_PACK_MESSAGES.nobody);
  }
  const context = await contextOf(db, tripId, 'all');
  const files: Array<[string, Buffer]> = [];
  const folders = new Set<string>();
  for (const participant of participants) {
    const base = safeFileName(participant.full_name, 'Турист', '');
    let folder = base;
    for (let n = 2; folders.has(folder.toLowerCase()); n += 1) folder = `${base} (${n})`;
    folders.add(folder.toLowerCase());
    for (const [name, content] of await packPapers(context, participant)) {
      files.push([`${folder}/${name}`, content]);
    }
  }
  return {
    name: safeFileName(`Документы туристов — ${trip.title}`, 'Документы туристов', '.zip'),
    asciiName: `travel-packs-${tripId}.zip`,
    content: zipOf(files),
  };
}
