import {
  can,
  canConvertRequest,
  is,
  nextRequestStatuses,
  REQUEST_STATUS_LIST,
  REQUEST_STATUSES,
  STAFF_ROLE_EXPRESSION,
  type RequestStatus,
} from '@tour/core';
import { sql, type Insertable, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { RequestsTable } from '../../db/schema';
import { normalizeEmail, normalizePhone } from '../../lib/contacts';
import { FieldErrors } from '../../lib/field-errors';
import { notFound, validationError, withFieldPrefix } from '../../lib/http-errors';
import { paged } from '../../lib/paging';
import { changedFields, recordChanges, type Change } from '../../domain/history';
import {
  enqueueRequestConverted,
  enqueueRequestReceived,
} from '../../domain/messages/request-messages';
import { addParticipant } from '../trips/participant-service';
import * as users from '../users/user-service';
import type { ScopeViewer } from '../../domain/reach';
import { saveUser } from '../users/user-service';
import * as repo from './repository';
import { adoptQuotedCosting } from '../costings/service';
import { quotedPrice } from './quote-price';
import {
  REQUEST_LIST_PER_PAGE,
  type AssignBody,
  type ConvertBody,
  type RequestJson,
  type RequestListQuery,
  type RequestStatusBody,
  type SaveRequestBody,
} from '@tour/core/contract/requests';

export const REQUEST_MESSAGES = {
  notFound: 'Заявка не найдена',
  required: 'Обязательное поле',
  datesOrder: 'Дата окончания не может быть раньше даты начала',
  tourMissing: 'Заготовленный тур не найден',
  tripMissing: 'Тур не найден',
  assigneeMissing: 'Сотрудник не найден',
  assigneeNotStaff: 'Назначить заявку можно только сотруднику',
  reasonRequired: 'Укажите причину отказа',
  statusMove: (from: RequestStatus, to: RequestStatus) =>
    `Нельзя перевести заявку из «${REQUEST_STATUSES[from].label}» в «${REQUEST_STATUSES[to].label}»`,
  converted: 'Заявка уже оформлена: её нельзя изменить',
  notConvertible: 'Оформить можно только новую заявку или заявку в работе',
} as const;

const HISTORY_FIELDS = [
  'source',
  'contact_name',
  'phone',
  'email',
  'prepared_tour_id',
  'trip_id',
  'date_from',
  'date_to',
  'adults',
  'children',
  'comment',
] as const satisfies readonly (keyof RequestJson)[];

/**
 * The requests a viewer reaches (DESIGN.md 4): with see_all_users all of them; otherwise the ones
 * assigned to the viewer and the unassigned ones.
 */
export function requestScope(viewer: ScopeViewer): repo.RequestScope {
  return (eb) => {
    if (can('see_all_users', viewer)) return sql<SqlBool>`true`;
    return eb.or([
      eb('requests.assignee_id', '=', viewer.id),
      eb('requests.assignee_id', 'is', null),
    ]);
  };
}

function requestJson(row: repo.RequestWithNames): RequestJson {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    contact_name: row.contact_name,
    phone: row.phone,
    email: row.email,
    prepared_tour_id: row.prepared_tour_id,
    prepared_tour_title: row.prepared_tour_title,
    trip_id: row.trip_id,
    trip_title: row.trip_title,
    date_from: row.date_from,
    date_to: row.date_to,
    adults: row.adults,
    children: row.children,
    comment: row.comment,
    reject_reason: row.reject_reason,
    assignee_id: row.assignee_id,
    assignee_name: row.assignee_name,
    counterparty_id: row.counterparty_id,
    counterparty_name: row.counterparty_name,
    travellers: row.travellers,
    converted_at: row.converted_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function filtersOf(query: RequestListQuery): repo.RequestFilters {
  return {
    status: query.status,
    source: query.source,
    assigneeId: query.assignee_id,
    unassigned: query.unassigned === 1,
    search: query.search?.trim() || undefined,
    counterpartyId: query.counterparty_id,
  };
}

/** GET /admin/tickets: one page, newest first. */
export function listRequests(db: Db, viewer: ScopeViewer, query: RequestListQuery) {
  const scope = requestScope(viewer);
  const filters = filtersOf(query);
  return paged(
    query,
    REQUEST_LIST_PER_PAGE,
    (limit, offset) => repo.pageOfRequests(db, scope, filters, limit, offset),
    async () => {
      const counts = await repo.countsByStatus(db, scope, filters);
      if (filters.status) return counts.get(filters.status) ?? 0;
      return [...counts.values()].reduce((sum, count) => sum + count, 0);
    },
    requestJson,
  );
}

/** GET /admin/tickets/counts: the tabs' counts, with the list's filters but the status. */
export async function requestCounts(
  db: Db,
  viewer: ScopeViewer,
  query: RequestListQuery,
): Promise<Record<RequestStatus, number>> {
  const counts = await repo.countsByStatus(db, requestScope(viewer), filtersOf(query));
  return Object.fromEntries(
    REQUEST_STATUS_LIST.map((status) => [status, counts.get(status) ?? 0]),
  ) as Record<RequestStatus, number>;
}

export async function getRequest(db: Db, viewer: ScopeViewer, id: number): Promise<RequestJson> {
  const row = await repo.findRequest(db, requestScope(viewer), id);
  if (!row) throw notFound(REQUEST_MESSAGES.notFound);
  return requestJson(row);
}

async function valuesOf(trx: Db, body: SaveRequestBody) {
  const errors = new FieldErrors();
  const contactName = body.contact_name.trim();
  if (!contactName) errors.add('contact_name', REQUEST_MESSAGES.required);
  if (body.date_from && body.date_to && body.date_to < body.date_from) {
    errors.add('date_to', REQUEST_MESSAGES.datesOrder);
  }
  if (body.prepared_tour_id && !(await repo.tourExists(trx, body.prepared_tour_id))) {
    errors.add('prepared_tour_id', REQUEST_MESSAGES.tourMissing);
  }
  if (body.trip_id && !(await repo.tripExists(trx, body.trip_id))) {
    errors.add('trip_id', REQUEST_MESSAGES.tripMissing);
  }
  errors.throwIfAny();
  return {
    source: body.source,
    contact_name: contactName,
    phone: body.phone?.trim() ? normalizePhone(body.phone) : null,
    email: body.email?.trim() ? normalizeEmail(body.email) : null,
    prepared_tour_id: body.prepared_tour_id,
    trip_id: body.trip_id,
    date_from: body.date_from,
    date_to: body.date_to,
    adults: body.adults,
    children: body.children,
    comment: body.comment?.trim() || null,
  };
}

const requestChange = (
  id: number,
  action: string,
  changes: Change['changes'],
  viewer: ScopeViewer,
): Change => ({
  record: { type: 'request', id },
  entity: { type: 'request', id },
  action,
  changes,
  userId: viewer.id,
});

async function reread(trx: Db, viewer: ScopeViewer, id: number): Promise<RequestJson> {
  // Read without the scope: an assignment may just have taken it out of the viewer's reach.
  const row = await repo.findRequest(trx, () => sql<SqlBool>`true`, id);
  if (!row) throw new Error(`Заявка ${id} пропала внутри своей транзакции`);
  return requestJson(row);
}

async function lock(trx: Db, viewer: ScopeViewer, id: number) {
  const row = await repo.lockRequest(trx, requestScope(viewer), id);
  if (!row) throw notFound(REQUEST_MESSAGES.notFound);
  return row;
}

/**
 * An agent's request for a departure (the agent area, POST /agent/tours/:key/requests): source
 * agent, the agent as its counterparty and author, unassigned, new; in the history as created.
 */
export async function createAgentRequest(
  trx: Db,
  viewer: ScopeViewer,
  values: Pick<
    Insertable<RequestsTable>,
    | 'contact_name'
    | 'phone'
    | 'email'
    | 'prepared_tour_id'
    | 'trip_id'
    | 'date_from'
    | 'date_to'
    | 'adults'
    | 'comment'
    | 'travellers'
  >,
): Promise<number> {
  const id = await repo.insertRequest(trx, {
    ...values,
    children: 0,
    source: 'agent',
    status: 'new',
    counterparty_id: viewer.id,
    created_by: viewer.id,
  });
  const after = await reread(trx, viewer, id);
  await recordChanges(trx, [
    requestChange(id, 'created', changedFields(null, after, HISTORY_FIELDS), viewer),
  ]);
  // The agent told its request arrived (the outbox), with the request.
  await enqueueRequestReceived(trx, id);
  return id;
}

/** POST /admin/tickets: a new request, unassigned. */
export async function createRequest(trx: Db, viewer: ScopeViewer, body: SaveRequestBody) {
  const values = await valuesOf(trx, body);
  const id = await repo.insertRequest(trx, { ...values, status: 'new', created_by: viewer.id });
  const after = await reread(trx, viewer, id);
  await recordChanges(trx, [
    requestChange(id, 'created', changedFields(null, after, HISTORY_FIELDS), viewer),
  ]);
  // A request with an agent tells it (none typed here today; the rule is the agent area's).
  await enqueueRequestReceived(trx, id);
  return after;
}

/** PUT /admin/ticket/:id: the request's fields, until it is converted. */
export async function updateRequest(
  trx: Db,
  viewer: ScopeViewer,
  id: number,
  body: SaveRequestBody,
) {
  const row = await lock(trx, viewer, id);
  if (row.status === 'converted') throw validationError({}, REQUEST_MESSAGES.converted);
  const before = await reread(trx, viewer, id);
  await repo.updateRequest(trx, id, await valuesOf(trx, body));
  const after = await reread(trx, viewer, id);
  await recordChanges(trx, [
    requestChange(id, 'updated', changedFields(before, after, HISTORY_FIELDS), viewer),
  ]);
  return after;
}

/** POST /admin/ticket/:id/assign: to a staff member, or to nobody. */
export async function assignRequest(trx: Db, viewer: ScopeViewer, id: number, body: AssignBody) {
  const row = await lock(trx, viewer, id);
  if (body.assignee_id !== null) {
    const assignee = (await users.usersWithRoles(trx, [body.assignee_id])).get(body.assignee_id);
    if (!assignee || assignee.disabled) {
      throw validationError({ assignee_id: [REQUEST_MESSAGES.assigneeMissing] });
    }
    if (!is(STAFF_ROLE_EXPRESSION, { roles: assignee.roles, permissions: [] })) {
      throw validationError({ assignee_id: [REQUEST_MESSAGES.assigneeNotStaff] });
    }
  }
  if (row.assignee_id !== body.assignee_id) {
    await repo.updateRequest(trx, id, { assignee_id: body.assignee_id });
    await recordChanges(trx, [
      requestChange(
        id,
        'assigned',
        [{ field: 'assignee_id', old: row.assignee_id, new: body.assignee_id }],
        viewer,
      ),
    ]);
  }
  return reread(trx, viewer, id);
}

/** POST /admin/ticket/:id/status: by hand, along the shared flow; a rejection needs a reason. */
export async function moveRequest(
  trx: Db,
  viewer: ScopeViewer,
  id: number,
  body: RequestStatusBody,
) {
  const row = await lock(trx, viewer, id);
  if (row.status !== body.status && !nextRequestStatuses(row.status).includes(body.status)) {
    const message = REQUEST_MESSAGES.statusMove(row.status, body.status);
    throw validationError({ status: [message] }, message);
  }
  const reason = body.reason?.trim() || null;
  if (body.status === 'rejected' && !reason) {
    throw validationError({ reason: [REQUEST_MESSAGES.reasonRequired] });
  }
  const rejectReason = body.status === 'rejected' ? reason : null;
  if (row.status !== body.status || row.reject_reason !== rejectReason) {
    await repo.updateRequest(trx, id, { status: body.status, reject_reason: rejectReason });
    await recordChanges(trx, [
      requestChange(
        id,
        'status',
        changedFields(
          { status: row.status, reject_reason: row.reject_reason },
          { status: body.status, reject_reason: rejectReason },
          ['status', 'reject_reason'],
        ),
        viewer,
      ),
    ]);
  }
  return reread(trx, viewer, id);
}

interface Person {
  full_name: string;
  phone?: string | null;
  email?: string | null;
  birth_date?: string | null;
  citizenship?: string | null;
  passport_number?: string | null;
  passport_issued_at?: string | null;
  passport_expires_at?: string | null;
}

/**
 * The tourist with this phone or email, or a new one (a client, managed as the users screen does,
 * with its birth date and passport checked as there; brought by the request's agent, if an agent
 * sent it). A tourist found keeps its own passport: the request's is no reason to overwrite it.
 */
async function touristOf(
  trx: Db,
  viewer: ScopeViewer,
  person: Person,
  prefix: string,
  counterpartyId: number | null,
) {
  const phone = person.phone?.trim() ? normalizePhone(person.phone) : null;
  const email = person.email?.trim() ? normalizeEmail(person.email) : null;
  const found = await repo.userByContact(trx, phone, email);
  if (found !== null) return { id: found, matched: true };
  try {
    const { user } = await saveUser(
      trx,
      {
        full_name: person.full_name.trim(),
        phone,
        email,
        birth_date: person.birth_date ?? null,
        citizenship: person.citizenship ?? null,
        passport_number: person.passport_number ?? null,
        passport_issued_at: person.passport_issued_at ?? null,
        passport_expires_at: person.passport_expires_at ?? null,
        roles: ['client'],
        ...(counterpartyId === null ? {} : { counterparty_id: counterpartyId }),
      },
      { viewer, sessionId: null },
    );
    return { id: user.id, matched: false };
  } catch (error) {
    throw withFieldPrefix(error, prefix);
  }
}

/**
 * POST /admin/ticket/:id/convert: the contact (and the travellers given) become participants of a
 * trip, each matched to an existing tourist by phone or email or created, and the request is
 * converted. One transaction: a refusal anywhere (no seat, a bad phone) leaves nothing behind.
 */
export async function convertRequest(trx: Db, viewer: ScopeViewer, id: number, body: ConvertBody) {
  const row = await lock(trx, viewer, id);
  if (!canConvertRequest(row.status)) throw validationError({}, REQUEST_MESSAGES.notConvertible);
  if (!(await repo.tripExists(trx, body.trip_id))) {
    throw validationError({ trip_id: [REQUEST_MESSAGES.tripMissing] });
  }
  // The quote's price per person, when the request has one (its currency must be the trip's).
  const quote = await quotedPrice(trx, id, body.trip_id);
  const price = quote?.price;
  const people: [Person, string][] = [
    [{ full_name: row.contact_name, phone: row.phone, email: row.email }, ''],
    ...(body.travellers ?? []).map((person, index): [Person, string] => [
      person,
      `travellers.${index}.`,
    ]),
  ];
  for (const [person, prefix] of people) {
    const tourist = await touristOf(trx, viewer, person, prefix, row.counterparty_id);
    await addParticipant(
      trx,
      viewer,
      body.trip_id,
      { userId: tourist.id, requestId: id, ...(price === undefined ? {} : { price }) },
      { fieldPrefix: prefix, matchedByContact: tourist.matched },
    );
  }
  // A trip without a costing of its own follows the quote's: its bookings start from the quote's
  // lines, its summary sets them against the plan.
  if (quote) await adoptQuotedCosting(trx, viewer, body.trip_id, quote);
  await repo.updateRequest(trx, id, {
    status: 'converted',
    trip_id: body.trip_id,
    converted_at: new Date(),
    reject_reason: null,
  });
  await recordChanges(trx, [
    requestChange(
      id,
      'converted',
      changedFields(
        { status: row.status, trip_id: row.trip_id },
        { status: 'converted', trip_id: body.trip_id },
        ['status', 'trip_id'],
      ),
      viewer,
    ),
  ]);
  // The request's agent told it became a trip (the outbox), with the conversion.
  await enqueueRequestConverted(trx, id);
  return reread(trx, viewer, id);
}
