import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CURRENT_RATES_KEY, RATES_DATE_HEADER } from '@tour/core';
import type { Db } from '../../db/database';
import { answers, ok, routeOptions } from '../../lib/route';
import { validationError } from '../../lib/http-errors';
import { Paginated, paginate } from '@tour/core/contract/common';
import { AUTHENTICATED, permission } from '../../plugins/access';
import { parseRateFile, RATE_FILE_MAX_BYTES } from './nbkr';
import { countRateDays, rateHistoryRows, ratesOfLatestDay, upsertRates } from './repository';
import {
  RATE_HISTORY_PER_PAGE,
  RateFileBody,
  RateHistoryDayJson,
  RateHistoryQuery,
  RateImportJson,
  RatesByDateJson,
  RatesQuery,
  SaveRatesBody,
} from '@tour/core/contract/rates';
import { checkRateFile, checkRates, rateHistoryJson, ratesJson } from './service';
import { businessToday } from '../../domain/business-day';

const TAGS = ['Курсы валют'];
const route = routeOptions(TAGS);

/** The content types an uploaded rates file may come as: its bytes, whatever the browser says. */
const RATE_FILE_TYPES = ['application/xml', 'text/xml', 'application/octet-stream'];
const NO_FILE = 'Загрузите XML-файл курсов Нацбанка (daily.xml или weekly.xml)';

export const rateRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/currency-rates',
    route(AUTHENTICATED, {
      summary: 'Курсы на дату (последний день с курсами не позже неё) или текущие',
      description:
        'data: { "<дата или current>": { "<из>": { "<в>": курс } } }. С датой — курсы ' +
        'последнего дня, не позднее этой даты, под ключом запрошенной даты; без даты — курсы ' +
        'последнего дня не позднее сегодняшнего (Бишкек) под ключом current. Нет курсов — {}. ' +
        'День, чьи это курсы, — в заголовке X-Rates-Date (YYYY-MM-DD; без курсов его нет).',
      querystring: RatesQuery,
      response: answers(RatesByDateJson),
    }),
    async (request, reply) => {
      const { date } = request.query;
      const rows = await ratesOfLatestDay(db, date ?? businessToday());
      // The body's shape is SPEC.md's (keyed by the date asked for); the day found goes beside it.
      if (rows[0]) reply.header(RATES_DATE_HEADER, rows[0].date);
      return ok({ [date ?? CURRENT_RATES_KEY]: ratesJson(rows) });
    },
  );

  app.post(
    '/admin/currency-rates',
    route(permission('accounting_section'), {
      summary: 'Ввод курсов дня',
      description:
        'Тело: { date: "YYYY-MM-DD", rates: [{ from, to, rate }] }. Указанные пары дня ' +
        'добавляются или заменяются, остальные пары дня остаются. Ответ — курсы этого дня в ' +
        'форме GET /currency-rates?date=... При ошибке ничего не меняется.',
      body: SaveRatesBody,
      response: answers(RatesByDateJson),
    }),
    async (request) => {
      const body = request.body;
      const checked = checkRates(body, businessToday());
      if ('errors' in checked) throw validationError(checked.errors);
      const rows = await db.transaction().execute(async (trx) => {
        await upsertRates(trx, body.date, checked.rates, request.viewer!.id);
        return ratesOfLatestDay(trx, body.date);
      });
      return ok({ [body.date]: ratesJson(rows) });
    },
  );

  app.get(
    '/admin/currency-rates/history',
    route(permission('accounting_section'), {
      summary: 'История курсов по дням',
      description:
        'Дни с курсами за период from–to (оба конца необязательны), новые сверху, по ' +
        `${RATE_HISTORY_PER_PAGE} на странице. День: { date, rates: [{ from, to, rate }], ` +
        'updated_at — когда его курсы меняли последний раз, created_by_name — кто }.',
      querystring: RateHistoryQuery,
      response: answers(Paginated(RateHistoryDayJson)),
    }),
    async (request) => {
      const { from, to, page = 1, per_page: perPage = RATE_HISTORY_PER_PAGE } = request.query;
      if (from !== undefined && to !== undefined && from > to) {
        throw validationError({ to: ['Конец периода раньше его начала'] });
      }
      const [total, rows] = await Promise.all([
        countRateDays(db, from, to),
        rateHistoryRows(db, from, to, perPage, (page - 1) * perPage),
      ]);
      return ok(paginate(rateHistoryJson(rows), total, page, perPage));
    },
  );

  // Its own plugin: the raw-file body parser belongs to this route alone.
  await app.register(async (upload) => {
    upload.addContentTypeParser(
      RATE_FILE_TYPES,
      { parseAs: 'buffer', bodyLimit: RATE_FILE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    upload.post(
      '/admin/currency-rates/import',
      {
        config: { access: permission('accounting_section') },
        // The body is the file's bytes, read and checked by the handler; the schema documents it.
        validatorCompiler: () => () => true,
        schema: {
          tags: TAGS,
          summary: 'Загрузка курсов из файла Нацбанка КР',
          description:
            'Тело — файл daily.xml или weekly.xml Нацбанка как есть (Content-Type ' +
            'application/xml, text/xml или application/octet-stream; windows-1251). Курс к сому ' +
            '= Value / Nominal, точно; берутся только валюты продукта (USD, EUR, JPY), остальные ' +
            'перечислены в skipped. День — атрибут Date файла; его пары записываются так же, как ' +
            'POST /admin/currency-rates (повторная загрузка дня заменяет их, другие пары дня ' +
            'остаются). Ответ — день и записанные из файла курсы. Ошибка файла — 422 с ' +
            'errors.file, и ничего не меняется.',
          consumes: RATE_FILE_TYPES,
          body: RateFileBody,
          response: answers(RateImportJson),
        },
      },
      async (request) => {
        const body: unknown = request.body;
        if (!Buffer.isBuffer(body)) throw validationError({ file: [NO_FILE] });
        const file = parseRateFile(body);
        if ('errors' in file) throw validationError({ file: file.errors });
        const checked = checkRateFile(file, businessToday());
        if ('errors' in checked) throw validationError(checked.errors);
        await upsertRates(db, file.date, checked.rates, request.viewer!.id);
        const rates = ratesJson(
          checked.rates.map(({ from, to, rate }) => ({
            date: file.date,
            from_currency: from,
            to_currency: to,
            rate,
          })),
        );
        return ok({
          date: file.date,
          rates,
          imported: checked.rates.length,
          skipped: file.skipped,
        });
      },
    );
  });
};
