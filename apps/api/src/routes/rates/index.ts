import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CURRENT_RATES_KEY } from '@tour/shared';
import type { Db } from '../../db/database';
import { validationError } from '../../lib/http-errors';
import { GUARDED_ERRORS, Ok } from '../../lib/schemas';
import { AUTHENTICATED, permission } from '../../plugins/access';
import { ratesOfLatestDay, upsertRates } from './repository';
import { RatesByDateJson, RatesQuery, SaveRatesBody } from './schemas';
import { businessToday, checkRates, ratesJson } from './service';

export const rateRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/currency-rates',
    {
      config: { access: AUTHENTICATED },
      schema: {
        tags: ['Курсы валют'],
        summary: 'Курсы на дату (последний день с курсами не позже неё) или текущие',
        description:
          'data: { "<дата или current>": { "<из>": { "<в>": курс } } }. С датой — курсы ' +
          'последнего дня, не позднее этой даты, под ключом запрошенной даты; без даты — курсы ' +
          'последнего дня не позднее сегодняшнего (Бишкек) под ключом current. Нет курсов — {}.',
        querystring: RatesQuery,
        response: { 200: Ok(RatesByDateJson), ...GUARDED_ERRORS },
      },
    },
    async (request) => {
      const { date } = request.query;
      const rows = await ratesOfLatestDay(db, date ?? businessToday());
      return { code: 1 as const, data: { [date ?? CURRENT_RATES_KEY]: ratesJson(rows) } };
    },
  );

  app.post(
    '/admin/currency-rates',
    {
      config: { access: permission('accounting_section') },
      schema: {
        tags: ['Курсы валют'],
        summary: 'Ввод курсов дня',
        description:
          'Тело: { date: "YYYY-MM-DD", rates: [{ from, to, rate }] }. Указанные пары дня ' +
          'добавляются или заменяются, остальные пары дня остаются. Ответ — курсы этого дня в ' +
          'форме GET /currency-rates?date=... При ошибке ничего не меняется.',
        body: SaveRatesBody,
        response: { 200: Ok(RatesByDateJson), ...GUARDED_ERRORS },
      },
    },
    async (request) => {
      const body = request.body;
      const checked = checkRates(body, businessToday());
      if ('errors' in checked) throw validationError(checked.errors);
      const rows = await db.transaction().execute(async (trx) => {
        await upsertRates(trx, body.date, checked.rates, request.viewer!.id);
        return ratesOfLatestDay(trx, body.date);
      });
      return { code: 1 as const, data: { [body.date]: ratesJson(rows) } };
    },
  );
};
