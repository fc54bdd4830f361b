import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { GUARDED_ERRORS, IdParam } from '@tour/core/contract/common';
import { transactionOf } from '../../lib/transaction';
import { sendXlsx, XlsxFile } from '../../lib/xlsx';
import { permission } from '../../plugins/access';
import { IDEMPOTENCY_HEADER, IdempotencyHeaders } from '@tour/core/contract/accounting';
import { idempotencyKeyOf } from '../accounting/service';
import { DocxFile } from '@tour/core/contract/documents';
import { publishOperations } from '../../domain/ledger/announcements';
import { historyRoute } from '../history';
import { bookingDashboard } from './dashboard';
import {
  bookingsWorkbook,
  insuredListWorkbook,
  roomingListWorkbook,
  sendVoucher,
  voucherDocument,
} from './exports';
import { bookingPayments, payBooking } from './payments';
import {
  BookingExportQuery,
  BookingJson,
  BookingListJson,
  BookingListQuery,
  DashboardJson,
  DashboardQuery,
  SaveBookingBody,
  SupplierPaymentBody,
  SupplierPaymentJson,
} from '@tour/core/contract/bookings';
import { getBooking, listBookings, saveBooking } from './service';

const TAGS = ['Бронирование'];
const route = routeOptions(TAGS);
const ACCESS = permission('booking_section');

/** Bookings of the seven kinds (DESIGN.md 3 "Bookings"), the month views and the dashboard. */
export const bookingRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const inTransaction = transactionOf(db);

  app.get(
    '/admin/bookings',
    route(ACCESS, {
      summary: 'Бронирования вида за месяц',
      description:
        'Бронирования вида kind, чьи даты услуги задевают месяц month (ММ-ГГГГ, по умолчанию ' +
        'текущий; задевают — начало не позже конца месяца и конец не раньше его начала), по ' +
        'дате начала. Фильтры: тур, поставщик, статус, состояние оплаты (выводится из ' +
        'подтверждённых оплат поставщику), поиск. totals — по валютам отфильтрованных: к ' +
        'оплате (стоимость, у отменённых — штраф), оплачено, долг.',
      querystring: BookingListQuery,
      response: answers(BookingListJson),
    }),
    async (request) => ok(await listBookings(db, request.query)),
  );

  app.get(
    '/admin/bookings/export',
    route(ACCESS, {
      summary: 'Экспорт бронирований месяца в XLSX',
      description: 'Все бронирования, которые находит список с теми же фильтрами, и итоги.',
      querystring: BookingExportQuery,
      response: { 200: XlsxFile, ...GUARDED_ERRORS },
    }),
    async (request, reply) => sendXlsx(reply, await bookingsWorkbook(db, request.query)),
  );

  app.get(
    '/admin/bookings/dashboard',
    route(ACCESS, {
      summary: 'Общая панель бронирования за месяц',
      description:
        'Число бронирований месяца по видам и статусам; что начинается в ближайшие 7 дней; ' +
        'неподтверждённые бронирования месяца; оплаты поставщикам с прошедшим сроком; туры ' +
        'месяца, где участникам не хватает авиабилета, страховки или отеля на какие-то ночи.',
      querystring: DashboardQuery,
      response: answers(DashboardJson),
    }),
    async (request) => ok(await bookingDashboard(db, request.query)),
  );

  app.get(
    '/admin/booking/:id',
    route(ACCESS, {
      summary: 'Бронирование',
      params: IdParam,
      response: answers(BookingJson, NOT_FOUND),
    }),
    async (request) => ok(await getBooking(db, request.params.id)),
  );

  const SAVE_RULES =
    'Поля вида — в details (обязательные по виду; ошибки — под details.<поле>). Покрыть можно ' +
    'только участников тура; отменённого — только если он уже в бронировании. Даты — в ' +
    'пределах дат тура; выезд позже заезда, прилёт позже вылета. Стоимость авиабилетов — ' +
    'сумма билетов, гида — дни × ставка, входных билетов — сумма по категориям. Отель: номер ' +
    'комнаты от 1 до rooms, в комнате не больше мест её типа. Штраф — только у отменённого.';

  app.post(
    '/admin/bookings',
    route(ACCESS, {
      summary: 'Добавить бронирование',
      description: SAVE_RULES,
      body: SaveBookingBody,
      response: answers(BookingJson),
    }),
    async (request) =>
      ok(await inTransaction((trx) => saveBooking(trx, request.viewer!, null, request.body))),
  );

  app.put(
    '/admin/booking/:id',
    route(ACCESS, {
      summary: 'Изменить бронирование',
      description: `${SAVE_RULES} Вид и тур не меняются.`,
      params: IdParam,
      body: SaveBookingBody,
      response: answers(BookingJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          saveBooking(trx, request.viewer!, request.params.id, request.body),
        ),
      ),
  );

  app.get(
    '/admin/booking/:id/payments',
    route(ACCESS, {
      summary: 'Оплаты поставщику по бронированию',
      params: IdParam,
      response: answers(Type.Array(SupplierPaymentJson), NOT_FOUND),
    }),
    async (request) => ok(await bookingPayments(db, request.params.id)),
  );

  app.post(
    '/admin/booking/:id/payments',
    route(permission('booking_section&add_payment'), {
      summary: 'Оплатить поставщику',
      description:
        'Записывает расход из кошелька (в валюте бронирования; компании — с правом ' +
        'allow_site_wallets), связанный с бронированием, со статусом pending: оплаченным он ' +
        'станет после подтверждения. Не больше долга за вычетом ждущих оплат. Заголовок ' +
        'Idempotency-Key обязателен.',
      params: IdParam,
      headers: IdempotencyHeaders,
      body: SupplierPaymentBody,
      response: answers(SupplierPaymentJson, NOT_FOUND),
    }),
    async (request) => {
      const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]);
      const data = await db
        .transaction()
        .execute((trx) => payBooking(trx, request.viewer!, request.params.id, request.body, key));
      await publishOperations(db, [{ wallet_id: data.wallet_id, target_wallet_id: null }]);
      return ok(data);
    },
  );

  app.get(
    '/admin/booking/:id/rooming-list',
    route(ACCESS, {
      summary: 'Список размещения отеля (rooming list, XLSX)',
      description:
        'Номера плана размещения по порядку с типом и жильцами (кроме отменённых участников), ' +
        'затем не размещённые. Только для отелей.',
      params: IdParam,
      response: { 200: XlsxFile, ...GUARDED_ERRORS, ...NOT_FOUND },
    }),
    async (request, reply) => sendXlsx(reply, await roomingListWorkbook(db, request.params.id)),
  );

  app.get(
    '/admin/booking/:id/insured-list',
    route(ACCESS, {
      summary: 'Список застрахованных для страховой (XLSX)',
      description:
        'Застрахованные, кроме отменённых участников: дата рождения, паспорт, даты, ' +
        'территория, номер полиса. Только для мед. страховки.',
      params: IdParam,
      response: { 200: XlsxFile, ...GUARDED_ERRORS, ...NOT_FOUND },
    }),
    async (request, reply) => sendXlsx(reply, await insuredListWorkbook(db, request.params.id)),
  );

  app.get(
    '/admin/booking/:id/voucher',
    route(ACCESS, {
      summary: 'Ваучер (DOCX)',
      description:
        'Ваучер отеля или трансфера с номером подтверждения поставщика; участники, кроме ' +
        'отменённых.',
      params: IdParam,
      response: { 200: DocxFile, ...GUARDED_ERRORS, ...NOT_FOUND },
    }),
    async (request, reply) => sendVoucher(reply, await voucherDocument(db, request.params.id)),
  );

  historyRoute(app, {
    url: '/admin/booking/:id/history',
    record: 'booking',
    tags: TAGS,
    access: ACCESS,
    reach: async (_viewer, id) => {
      await getBooking(db, id);
    },
    db,
  });
};
