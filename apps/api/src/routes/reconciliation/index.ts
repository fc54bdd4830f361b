import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { encodeExtended, format } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/database';
import { NOT_FOUND, routeOptions } from '../../lib/route';
import { GUARDED_ERRORS, IdParam } from '@tour/core/contract/common';
import { AGENT, permission, STAFF } from '../../plugins/access';
import { XLSX_MIME } from '../../lib/xlsx';
import { DOCX_MIME } from '../../domain/papers/file-name';
import {
  AgentReportQuery,
  PaperFile,
  ReconciliationActQuery,
  type PaperFormat,
} from '@tour/core/contract/reconciliation';
import { actDocument, actWorkbook, type PaperFileOut } from './act-paper';
import { reportDocument, reportWorkbook } from './report-paper';
import { agentAct, agentReport, reachableAgent, supplierAct } from './service';

const TAGS = ['Акты сверки и отчёты агента'];
const route = routeOptions(TAGS);

/** The supplier's act: whoever keeps the suppliers (booking) or the books (accounting). */
const SUPPLIER_ACT = permission('booking_section|accounting_section');

const ACT_RULES =
  'Акт — по одной валюте (валюта бронирований или цены тура); поставщик или агент, ' +
  'работающий в нескольких валютах, получает по акту на каждую. Считаются только ' +
  'подтверждённые операции; ожидающие в акт не входят, отклонённые — никогда. Сальдо ' +
  'начальное — всё до начала периода; строки периода — по дням; обороты; сальдо конечное и ' +
  'в чью пользу задолженность; подписи обеих сторон. Дебет — то, что увеличивает долг другой ' +
  'стороны компании, кредит — долг компании. Номер в серии «act» (subject: сторона, период, ' +
  'валюта) сохраняется: повторная печать — тот же номер и дата; XLSX и DOCX — один номер.';

const SUPPLIER_RULES =
  'Документы — бронирования поставщика в валюте со стоимостью (отменённое — его штраф, без ' +
  'штрафа не входит), датой — первым днём услуги, в кредит; оплаты поставщику ' +
  '(подтверждённые расходы по его бронированиям) — в дебет, их сторно — отдельной строкой в ' +
  'кредит, датой — день подтверждения. Сальдо конечное со знаком минус равно долгу ' +
  'поставщику на экранах бронирований (стоимость − подтверждённые оплаты) по его бронированиям, ' +
  'начинающимся не позже конца периода.';

const AGENT_RULES =
  'Документы — участия туристов агента (туристы с этим агентом; ни участник, ни тур не ' +
  'отменены) в турах с ценой в валюте акта, датой — первым днём тура (как в отчёте агента за ' +
  'месяц), в дебет на сумму к оплате (цена − скидка) за вычетом комиссии агента: процент ' +
  'заготовленного тура от суммы к оплате (округление до единицы валюты) или сумма к оплате ' +
  'минус агентская цена тура (только для тура в валюте заготовленного тура). Оплаты за этих ' +
  'участников — в кредит, возвраты и сторно оплат — в дебет, датой — день подтверждения; ' +
  'оплата в другой валюте пересчитывается по курсу того дня с округлением вверх.';

const REPORT_RULES =
  'Участники туристов агента (ни участник, ни тур не отменены) в турах, начинающихся в этом ' +
  'месяце: тур, даты, турист, цена, скидка, к оплате, условие и сумма комиссии (как в акте ' +
  'сверки с агентом), оператору (к оплате − комиссия), оплачено (подтверждённые оплаты минус ' +
  'возвраты на сегодня, в валюте тура по курсам их дней, как на экранах туров), долг; итоги ' +
  'по валютам. Номер в серии «agent_report» (агент и месяц) сохраняется при повторной печати.';

const ACT_ANSWERS = { 200: PaperFile, ...NOT_FOUND, ...GUARDED_ERRORS };

function sendPaper(reply: FastifyReply, paperFormat: PaperFormat, file: PaperFileOut) {
  return reply
    .header('content-type', paperFormat === 'xlsx' ? XLSX_MIME : DOCX_MIME)
    .header(
      'content-disposition',
      format({
        type: 'attachment',
        parameters: { filename: file.asciiName, 'filename*': encodeExtended(file.name) },
      }),
    )
    .header('cache-control', 'no-store')
    .send(file.content);
}

/** Reconciliation acts with suppliers and agents, and the agent's monthly report (issue 32). */
export const reconciliationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/supplier/:id/act',
    route(SUPPLIER_ACT, {
      summary: 'Акт сверки с поставщиком (XLSX или DOCX)',
      description: `${SUPPLIER_RULES} ${ACT_RULES} 404 — поставщика нет.`,
      params: IdParam,
      querystring: ReconciliationActQuery,
      response: ACT_ANSWERS,
    }),
    async (request, reply) => {
      const { query, params, viewer } = request;
      const act = await supplierAct(db, viewer!, params.id, query);
      const file =
        query.format === 'xlsx'
          ? await actWorkbook(act, params.id)
          : await actDocument(act, params.id);
      return sendPaper(reply, query.format, file);
    },
  );

  app.get(
    '/admin/users/:id/agent/act',
    route(STAFF, {
      summary: 'Акт сверки с агентом (XLSX или DOCX)',
      description:
        `${AGENT_RULES} ${ACT_RULES} 404 — пользователь не агент или вне досягаемости ` +
        'сотрудника (как карточка пользователя).',
      params: IdParam,
      querystring: ReconciliationActQuery,
      response: ACT_ANSWERS,
    }),
    async (request, reply) => {
      const { query, params, viewer } = request;
      const agent = await reachableAgent(db, viewer!, params.id);
      const act = await agentAct(db, viewer!, agent, query);
      const file =
        query.format === 'xlsx'
          ? await actWorkbook(act, agent.id)
          : await actDocument(act, agent.id);
      return sendPaper(reply, query.format, file);
    },
  );

  app.get(
    '/admin/users/:id/agent/report',
    route(STAFF, {
      summary: 'Отчёт агента за месяц (XLSX или DOCX)',
      description:
        `${REPORT_RULES} 404 — пользователь не агент или вне досягаемости сотрудника ` +
        '(как карточка пользователя).',
      params: IdParam,
      querystring: AgentReportQuery,
      response: ACT_ANSWERS,
    }),
    async (request, reply) => {
      const { query, params, viewer } = request;
      const agent = await reachableAgent(db, viewer!, params.id);
      const report = await agentReport(db, viewer!, agent, query);
      const file =
        query.format === 'xlsx'
          ? await reportWorkbook(report, agent.id)
          : await reportDocument(report, agent.id);
      return sendPaper(reply, query.format, file);
    },
  );

  app.get(
    '/agent/act',
    route(AGENT, {
      summary: 'Свой акт сверки (кабинет агента)',
      description: `Акт сверки агента, который вошёл, с компанией; чужого акта агент получить не может. ${AGENT_RULES} ${ACT_RULES}`,
      querystring: ReconciliationActQuery,
      response: { 200: PaperFile, ...GUARDED_ERRORS },
    }),
    async (request, reply) => {
      const { query, viewer } = request;
      const act = await agentAct(db, viewer!, viewer!, query);
      const file =
        query.format === 'xlsx'
          ? await actWorkbook(act, viewer!.id)
          : await actDocument(act, viewer!.id);
      return sendPaper(reply, query.format, file);
    },
  );

  app.get(
    '/agent/report',
    route(AGENT, {
      summary: 'Свой отчёт агента за месяц (кабинет агента)',
      description: `Отчёт агента, который вошёл; чужого отчёта агент получить не может. ${REPORT_RULES}`,
      querystring: AgentReportQuery,
      response: { 200: PaperFile, ...GUARDED_ERRORS },
    }),
    async (request, reply) => {
      const { query, viewer } = request;
      const report = await agentReport(db, viewer!, viewer!, query);
      const file =
        query.format === 'xlsx'
          ? await reportWorkbook(report, viewer!.id)
          : await reportDocument(report, viewer!.id);
      return sendPaper(reply, query.format, file);
    },
  );
};
