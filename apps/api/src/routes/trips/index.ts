import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { transactionOf } from '../../lib/transaction';
import { GUARDED_ERRORS, IdParam, Paginated } from '@tour/core/contract/common';
import { permission, STAFF } from '../../plugins/access';
import { idempotencyKeyOf } from '../accounting/service';
import { IdempotencyHeaders, PaymentBody } from '@tour/core/contract/accounting';
import { TransactionJson } from '@tour/core/contract/wallets';
import { SummaryJson, SummaryQuery } from '@tour/core/contract/trip-summary';
import { tripSummary } from './summary-service';
import { publishOperations } from '../../domain/ledger/announcements';
import { historyRoute } from '../history';
import { sendXlsx, XlsxFile } from '../../lib/xlsx';
import { tripsWorkbook } from './export';
import {
  AddParticipantBody,
  CreateTripBody,
  ParticipantJson,
  ParticipantParams,
  TripJson,
  TripExportQuery,
  TripListQuery,
  TripStatusBody,
  UpdateParticipantBody,
  UpdateTripBody,
  UserTripJson,
} from '@tour/core/contract/trips';
import {
  addParticipant,
  participantAnswer,
  tripParticipants,
  updateParticipant,
} from './participant-service';
import { addParticipantPayment, userTrips } from './participant-money-service';
import {
  createTrip,
  getTrip,
  listTrips,
  requireTrip,
  tripCountries,
  updateTrip,
} from './trip-service';
import { moveTrip } from './trip-status';
import { TRIP_UNIQUE_FIELDS } from './trip-messages';

const TAGS = ['Туры'];
const route = routeOptions(TAGS);

/** Trips and their participants (DESIGN.md 3): every staff role reads and writes them. */
export const tripRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const inTransaction = transactionOf(db, TRIP_UNIQUE_FIELDS);

  app.get(
    '/admin/trips',
    route(STAFF, {
      summary: 'Список туров',
      description:
        'По дате начала. Период [from, to] отбирает туры, чьи даты его пересекают. debt — ' +
        'сумма долгов участников в валюте тура (переплата одного не гасит долг другого); null, ' +
        'если для пересчёта какого-то платежа нет курса (debt_missing_rates).',
      querystring: TripListQuery,
      response: answers(Paginated(TripJson)),
    }),
    async (request) => ok(await listTrips(db, request.viewer!, request.query)),
  );

  app.get(
    '/admin/trips/export',
    route(STAFF, {
      summary: 'Экспорт списка туров в XLSX',
      description:
        'Все туры, которые находит список с теми же фильтрами, в его порядке: даты, статус, ' +
        'менеджер, цена, места и долг участников («нет курса», если долг нельзя посчитать).',
      querystring: TripExportQuery,
      response: { 200: XlsxFile, ...GUARDED_ERRORS },
    }),
    async (request, reply) =>
      sendXlsx(reply, await tripsWorkbook(db, request.viewer!, request.query)),
  );

  app.get(
    '/admin/trips/countries',
    route(STAFF, {
      summary: 'Страны туров (для фильтра)',
      response: answers(Type.Array(Type.String())),
    }),
    async () => ok(await tripCountries(db)),
  );

  app.get(
    '/admin/trip/:id',
    route(STAFF, {
      summary: 'Тур',
      params: IdParam,
      response: answers(TripJson, NOT_FOUND),
    }),
    async (request) => ok(await getTrip(db, request.params.id)),
  );

  app.post(
    '/admin/trips',
    route(STAFF, {
      summary: 'Создать тур',
      description:
        'С prepared_tour_id поля, которых нет в запросе, берутся из заготовленного тура: ' +
        'название, страна, программа, цена и валюта; конец — начало плюс число дней минус один. ' +
        'Новый тур — «Запланирован». Начало позже конца — даты меняются местами.',
      body: CreateTripBody,
      response: answers(TripJson),
    }),
    async (request) =>
      ok(await inTransaction((trx) => createTrip(trx, request.viewer!, request.body))),
  );

  app.put(
    '/admin/trip/:id',
    route(STAFF, {
      summary: 'Изменить тур',
      description:
        'Мест не меньше, чем занято; валюта меняется, пока нет участников. Статус — отдельным ' +
        'вызовом.',
      params: IdParam,
      body: UpdateTripBody,
      response: answers(TripJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          updateTrip(trx, request.viewer!, request.params.id, request.body),
        ),
      ),
  );

  app.post(
    '/admin/trip/:id/status',
    route(STAFF, {
      summary: 'Сменить статус тура',
      description:
        'Запланирован → Подтверждён → Идёт → Завершён, по шагу; «Отменён» — из любого, кроме ' +
        '«Завершён». Иначе 422.',
      params: IdParam,
      body: TripStatusBody,
      response: answers(TripJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          moveTrip(trx, request.viewer!, request.params.id, request.body.status),
        ),
      ),
  );

  app.get(
    '/admin/trip/:id/participants',
    route(STAFF, {
      summary: 'Участники тура',
      description: 'Все, и отменённые, в порядке добавления; суммы в валюте тура.',
      params: IdParam,
      response: answers(Type.Array(ParticipantJson), NOT_FOUND),
    }),
    async (request) => ok(await tripParticipants(db, request.params.id)),
  );

  app.post(
    '/admin/trip/:id/participants',
    route(STAFF, {
      summary: 'Добавить участника',
      description:
        'Свой или ничей клиент; клиент другого менеджера — с found_by (точный телефон, email ' +
        'или паспорт, по которым он найден). Ничей клиент закрепляется за добавившим (у кого ' +
        'нет права see_all_users; иначе — за менеджером тура). В истории туриста — кто и в ' +
        'какой тур его добавил. Цена по умолчанию — цена тура. Места не продаются сверх ' +
        'числа мест, и при одновременных запросах тоже: 422.',
      params: IdParam,
      body: AddParticipantBody,
      response: answers(ParticipantJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction(async (trx) => {
          const { body } = request;
          const id = await addParticipant(trx, request.viewer!, request.params.id, {
            userId: body.user_id,
            price: body.price,
            discount: body.discount,
            status: body.status,
            foundBy: body.found_by,
          });
          return participantAnswer(trx, request.params.id, id);
        }),
      ),
  );

  app.put(
    '/admin/trip/:id/participant/:participantId',
    route(STAFF, {
      summary: 'Изменить участника',
      description:
        'Цена, скидка (не больше цены) и статус. Отменённый участник остаётся в списке и ' +
        'освобождает место; вернуть его можно, только если место есть.',
      params: ParticipantParams,
      body: UpdateParticipantBody,
      response: answers(ParticipantJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          updateParticipant(
            trx,
            request.viewer!,
            request.params.id,
            request.params.participantId,
            request.body,
          ),
        ),
      ),
  );

  app.get(
    '/admin/trip/:id/summary',
    route(STAFF, {
      summary: 'Сводка по туру',
      description:
        'По участникам: к оплате, оплачено (подтверждённые платежи минус возвраты, каждый по ' +
        'курсу дня подтверждения), ожидается (неподтверждённые), долг; итоги; итоги в валюте ' +
        'currency по последнему курсу на сегодня, с курсом и его датой (нет курса — ' +
        'missing_rate, никогда 1); готовность: паспорт истекает раньше чем через 6 месяцев ' +
        'после конца тура, нет паспорта, нет даты рождения.',
      params: IdParam,
      querystring: SummaryQuery,
      response: answers(SummaryJson, NOT_FOUND),
    }),
    async (request) => ok(await tripSummary(db, request.params.id, request.query.currency)),
  );

  app.get(
    '/admin/user/:id/trips',
    route(STAFF, {
      summary: 'Туры пользователя',
      description:
        'Туры, в которых пользователь участвует (и отменённые участия), поздние сначала: ' +
        'участник, статус участия, название, даты, статус и валюта тура; к оплате, оплачено, ' +
        'ожидает подтверждения и долг — в валюте тура, как в сводке по туру. Пользователь вне ' +
        'досягаемости (как GET /admin/user/{id}) — 404.',
      params: IdParam,
      response: answers(Type.Array(UserTripJson), NOT_FOUND),
    }),
    async (request) => ok(await userTrips(db, request.viewer!, request.params.id)),
  );

  app.post(
    '/admin/trip/:id/participant/:participantId/payments',
    route(permission('add_payment'), {
      summary: 'Добавить платёж участника',
      description:
        'Поступление в кассу или на счёт компании (wallet_id; без него — касса валюты ' +
        'currency), связанное с туром и участником; ждёт подтверждения. Кошелёк туриста не ' +
        'принимается (его депозит — POST /admin/user/{userId}/payments). Платёж сверх ' +
        'к оплате — 422 под overpayment, пока тело не скажет overpayment: true. ' +
        'Idempotency-Key — как у POST /admin/user/{userId}/payments.',
      params: ParticipantParams,
      headers: IdempotencyHeaders,
      body: PaymentBody,
      response: answers(TransactionJson, NOT_FOUND),
    }),
    async (request) => {
      const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key']);
      const data = await inTransaction((trx) =>
        addParticipantPayment(trx, request.viewer!, {
          tripId: request.params.id,
          participantId: request.params.participantId,
          body: request.body,
          idempotencyKey,
        }),
      );
      await publishOperations(db, [data]);
      return ok(data);
    },
  );

  historyRoute(app, {
    url: '/admin/trip/:id/history',
    record: 'trip',
    tags: TAGS,
    reach: (_viewer, id) => requireTrip(db, id),
    db,
  });
};
