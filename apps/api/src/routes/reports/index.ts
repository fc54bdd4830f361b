import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { ErrorBody, GUARDED_ERRORS } from '@tour/core/contract/common';
import { sendXlsx, XlsxFile } from '../../lib/xlsx';
import { administrativeWorkbook, generalReportWorkbook, tourSummaryWorkbook } from './export';
import { permission } from '../../plugins/access';
import { generalReport, tripUsersReport } from './general';
import { tourSummary } from './tour';
import { administrativeReport } from './administrative';
import {
  AdministrativeReportJson,
  AdministrativeReportQuery,
  GeneralReportExportQuery,
  GeneralReportJson,
  GeneralReportQuery,
  TourSummaryJson,
  TourSummaryQuery,
  TripUsersJson,
  TripUsersParams,
  TripUsersQuery,
} from '@tour/core/contract/reports';

const TAGS = ['Отчеты'];
const route = routeOptions(TAGS);
const ACCESS = permission('report_section');

/** The reports (DESIGN.md 3 "Reports", 3b): report_section on every call. */
export const reportRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/reports/general',
    route(ACCESS, {
      summary: 'Общий отчет',
      description:
        'Туры, начинающиеся в периоде from…to (по умолчанию — с 1 января текущего года без ' +
        'конца: текущий год и все более поздние), с фильтрами статуса, менеджера и страны, в ' +
        'валюте currency (KGS). По договорам: выручка (к оплате по участникам по курсу дня ' +
        'начала тура), расходы, прибыль и маржа; по кассе: оплачено, долг, оплачено ' +
        'поставщикам и денежный результат; курсовая разница отдельно. Страница туров, итоги ' +
        'всех и те же итоги по месяцам начала. Сумма без курса своего дня не пересчитывается ' +
        'по 1: она не входит в цифры, а тур и день помечаются.',
      querystring: GeneralReportQuery,
      response: answers(GeneralReportJson),
    }),
    async (request) => ok(await generalReport(db, request.query)),
  );

  app.get(
    '/admin/reports/general/export',
    route(ACCESS, {
      summary: 'Общий отчет в XLSX',
      description:
        'Те же туры, фильтры и цифры, что на экране (все страницы): лист туров с периодом, ' +
        'основой цифр и фильтрами над таблицей и итогом под ней, лист по месяцам с графиком и ' +
        'лист курсов, по которым пересчитаны суммы (и дней без курса).',
      querystring: GeneralReportExportQuery,
      response: { 200: XlsxFile, ...GUARDED_ERRORS },
    }),
    async (request, reply) =>
      sendXlsx(
        reply,
        await generalReportWorkbook(db, request.query, async (id) => {
          const user = await db
            .selectFrom('users')
            .select('full_name')
            .where('id', '=', id)
            .executeTakeFirst();
          return user?.full_name ?? null;
        }),
      ),
  );

  app.get(
    '/admin/reports/general/:trip/users',
    route(ACCESS, {
      summary: 'Туристы тура в общем отчете',
      description:
        'Участники тура: цена, скидка, к оплате, оплачено, ожидается и долг в валюте тура, ' +
        'оплачено в валюте отчета (каждый платеж по курсу своего дня; вместе — «Оплачено» ' +
        'тура в общем отчете) и каждый платеж с исходной суммой и курсами. Отмененные — ' +
        'отдельно в итогах.',
      params: TripUsersParams,
      querystring: TripUsersQuery,
      response: answers(TripUsersJson, NOT_FOUND),
    }),
    async (request) => ok(await tripUsersReport(db, request.params.trip, request.query.currency)),
  );

  app.get(
    '/admin/reports/tour',
    route(ACCESS, {
      summary: 'Свод по туру',
      description:
        'Бронирования тура по видам: стоимость в своей валюте и в валюте currency (по ' +
        'умолчанию — тура) по курсу дня начала услуги, с курсом и его датой; оплачено ' +
        'поставщику и долг; курсовая разница. Итоги тура по договорам (выручка, расходы, ' +
        'прибыль, маржа) и по кассе (оплачено, долг, оплачено поставщикам, денежный ' +
        'результат) — те же, что у тура в общем отчете. По туристам: оплачено и доля ' +
        'расходов — стоимость бронирования делится поровну между его участниками, кроме ' +
        'отмененных (без участников — между всеми не отмененными), остаток в копейках — по ' +
        'одной первым по алфавиту; доли и «не распределено» вместе равны расходам тура.',
      querystring: TourSummaryQuery,
      response: answers(TourSummaryJson, NOT_FOUND),
    }),
    async (request) => ok(await tourSummary(db, request.query)),
  );

  app.get(
    '/admin/reports/administrative',
    route(ACCESS, {
      summary: 'Административный отчет',
      description:
        'Подтверждённые административные операции (с категорией) периода from…to (по дню ' +
        'подтверждения; по умолчанию — текущий год) по категориям и месяцам: в валюте ' +
        'currency (KGS), каждая по курсу дня подтверждения, и в своих валютах; итоги ' +
        'поступлений, расходов и разницы по месяцам. Без курса сумма не пересчитывается: ' +
        'строка и день помечаются.',
      querystring: AdministrativeReportQuery,
      response: answers(AdministrativeReportJson),
    }),
    async (request) => ok(await administrativeReport(db, request.query)),
  );

  app.get(
    '/admin/reports/tour/export',
    route(ACCESS, {
      summary: 'Свод по туру в XLSX',
      description:
        'Те же цифры, что на экране: лист бронирований с курсами и итогами тура над таблицей, ' +
        'лист туристов с долями расходов по видам.',
      querystring: TourSummaryQuery,
      response: { 200: XlsxFile, 404: ErrorBody, ...GUARDED_ERRORS },
    }),
    async (request, reply) => sendXlsx(reply, await tourSummaryWorkbook(db, request.query)),
  );

  app.get(
    '/admin/reports/administrative/export',
    route(ACCESS, {
      summary: 'Административный отчет в XLSX',
      description:
        'Те же категории, месяцы и итоги, что на экране, и график поступлений, расходов и ' +
        'разницы по месяцам.',
      querystring: AdministrativeReportQuery,
      response: { 200: XlsxFile, ...GUARDED_ERRORS },
    }),
    async (request, reply) => sendXlsx(reply, await administrativeWorkbook(db, request.query)),
  );
};
