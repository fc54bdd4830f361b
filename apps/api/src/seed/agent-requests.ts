import type { Db } from '../db/database';
import type { RequestTraveller } from '../db/schema';
import {
  assignRequest,
  convertRequest,
  createAgentRequest,
  moveRequest,
} from '../routes/requests/service';
import type { ScopeViewer } from '../domain/reach';
import type { AgentKey } from './types';
import { viewerOf } from './viewers';

// The agents' own requests (DESIGN.md 4 and 5): each agent asks for places on upcoming departures
// of the tours published for agents, naming its own tourists, through the service the agent API
// sends them with; the staff then work on them as on any request.

/** A tourist an agent brought. */
export interface AgentTourist {
  id: number;
  full_name: string;
  phone: string | null;
}

const AGENT_EMAILS: Record<AgentKey, string> = {
  agent: 'agent@example.com',
  agent2: 'agent2@example.com',
};

type Fate = 'new' | 'in_work' | 'converted' | 'rejected';

interface RequestIdea {
  fate: Fate;
  travellers: number;
  comment: string | null;
  /** Why the staff refused it (fate rejected). */
  reason?: string;
}

const REQUESTS: Record<AgentKey, RequestIdea[]> = {
  agent: [
    { fate: 'new', travellers: 2, comment: 'Семья, просят номер с двумя кроватями' },
    { fate: 'new', travellers: 1, comment: null },
    { fate: 'in_work', travellers: 3, comment: 'Нужны документы для визы на всех' },
    { fate: 'converted', travellers: 2, comment: null },
    { fate: 'rejected', travellers: 2, comment: null, reason: 'Туристы выбрали другие даты' },
  ],
  agent2: [
    { fate: 'new', travellers: 2, comment: 'Если можно, вылет из Оша' },
    { fate: 'in_work', travellers: 1, comment: null },
    { fate: 'converted', travellers: 2, comment: 'Оплата через агентство' },
    { fate: 'rejected', travellers: 1, comment: null, reason: 'Туристы не успевают оформить визу' },
  ],
};

/** Each agent's own tourists (the ones it brought), in the order of their ids. */
export async function touristsOfAgents(trx: Db): Promise<Map<AgentKey, AgentTourist[]>> {
  const result = new Map<AgentKey, AgentTourist[]>();
  for (const [agent, email] of Object.entries(AGENT_EMAILS) as [AgentKey, string][]) {
    const rows = await trx
      .selectFrom('users as u')
      .innerJoin('users as a', 'a.id', 'u.counterparty_id')
      .select(['u.id', 'u.full_name', 'u.phone'])
      .where('a.email', '=', email)
      .orderBy('u.id')
      .execute();
    result.set(agent, rows);
  }
  return result;
}

/** The departures an agent can ask for: published tours' planned or confirmed trips after today. */
function departures(trx: Db, today: string) {
  return trx
    .selectFrom('trips as t')
    .innerJoin('prepared_tours as pt', 'pt.id', 't.prepared_tour_id')
    .select(['t.id', 't.prepared_tour_id', 't.starts_on', 't.ends_on'])
    .where('pt.published', '=', true)
    .where('t.starts_on', '>', today)
    .where('t.status', 'in', ['planned', 'confirmed'])
    .orderBy('t.starts_on')
    .orderBy('t.id')
    .execute();
}

async function occupancy(trx: Db, tripId: number) {
  const [trip, participants] = await Promise.all([
    trx
      .selectFrom('trips')
      .select(['seats', 'seats_taken'])
      .where('id', '=', tripId)
      .executeTakeFirstOrThrow(),
    trx.selectFrom('trip_participants').select('user_id').where('trip_id', '=', tripId).execute(),
  ]);
  return {
    free: trip.seats - trip.seats_taken,
    onTrip: new Set(participants.map((row) => row.user_id)),
  };
}

/**
 * The agents' requests in every status, each for its own tourists on a departure with room for
 * them (one seat always left free, so every departure stays open to agents). The contact is the
 * first traveller; a converted request's travellers all have phones, so the conversion finds the
 * agent's tourists and creates nobody. Returns how many were sent.
 */
export async function seedAgentRequests(
  trx: Db,
  options: {
    today: string;
    staff: { admin: ScopeViewer; sales: ScopeViewer };
    touristsOf: ReadonlyMap<AgentKey, readonly AgentTourist[]>;
  },
): Promise<number> {
  const { admin, sales } = options.staff;
  const open = await departures(trx, options.today);
  if (open.length === 0) throw new Error('Демо-данные: нет выездов для заявок агентов');
  let sent = 0;
  for (const [agent, ideas] of Object.entries(REQUESTS) as [AgentKey, RequestIdea[]][]) {
    const viewer = await viewerOf(trx, AGENT_EMAILS[agent]);
    // The tourists already on trips come first in the list: the requests name the last ones.
    const own = [...(options.touristsOf.get(agent) ?? [])].reverse();
    const named = new Set<number>();
    for (const idea of ideas) {
      let chosen: { departure: (typeof open)[number]; travellers: AgentTourist[] } | null = null;
      for (let step = 0; step < open.length && chosen === null; step += 1) {
        const departure = open[(sent + step) % open.length]!;
        const { free, onTrip } = await occupancy(trx, departure.id);
        if (free - 1 < idea.travellers) continue;
        const pool = own.filter((tourist) => !named.has(tourist.id) && !onTrip.has(tourist.id));
        const withPhone = pool.filter((tourist) => tourist.phone !== null);
        const contact = withPhone[0];
        if (!contact) continue;
        const companions = (idea.fate === 'converted' ? withPhone : pool)
          .filter((tourist) => tourist.id !== contact.id)
          .slice(0, idea.travellers - 1);
        if (companions.length < idea.travellers - 1) continue;
        chosen = { departure, travellers: [contact, ...companions] };
      }
      if (chosen === null) throw new Error(`Демо-данные: некуда отправить заявку агента ${agent}`);
      const { departure, travellers } = chosen;
      for (const tourist of travellers) named.add(tourist.id);
      const names: RequestTraveller[] = travellers.map(({ full_name, phone }) => ({
        full_name,
        phone,
      }));
      const id = await createAgentRequest(trx, viewer, {
        contact_name: names[0]!.full_name,
        phone: names[0]!.phone,
        email: null,
        prepared_tour_id: departure.prepared_tour_id,
        trip_id: departure.id,
        date_from: departure.starts_on,
        date_to: departure.ends_on,
        adults: names.length,
        comment: idea.comment,
        travellers: JSON.stringify(names),
      });
      sent += 1;
      if (idea.fate === 'in_work' || idea.fate === 'converted') {
        await assignRequest(trx, admin, id, { assignee_id: sales.id });
      }
      if (idea.fate === 'in_work') await moveRequest(trx, sales, id, { status: 'in_work' });
      if (idea.fate === 'rejected') {
        await moveRequest(trx, admin, id, { status: 'rejected', reason: idea.reason! });
      }
      if (idea.fate === 'converted') {
        // The contact becomes the first participant by itself; the others are its companions.
        await convertRequest(trx, sales, id, {
          trip_id: departure.id,
          travellers: names.slice(1).map(({ full_name, phone }) => ({ full_name, phone })),
        });
      }
    }
  }
  return sent;
}
