import {
  formatAmount,
  formatDate,
  fromMinorUnits,
  OCCUPANCIES,
  toMinorUnits,
  type Currency,
  type Occupancy,
} from '@tour/core';
import type { CostingBody, CostingJson, PricedLineJson } from '@tour/core/contract/costings';
import type {
  QuoteCostingJson,
  QuoteJson,
  RequestQuoteJson,
  SaveQuoteBody,
} from '@tour/core/contract/quotes';
import type { Db } from '../../db/database';
import { storedCurrency } from '../../lib/currency';
import { FieldErrors } from '../../lib/field-errors';
import { notFound, validationError } from '../../lib/http-errors';
import { recordChanges, type Change } from '../../domain/history';
import { businessToday } from '../../domain/business-day';
import type { ScopeViewer } from '../../domain/reach';
import { companyNameForMessages, enqueueMessage } from '../../domain/messages/outbox';
import { quoteText } from '../../domain/messages/templates';
import { companyDetails } from '../../domain/papers/company-details';
import { DOCX_MIME, safeDocxFileName } from '../../domain/papers/file-name';
import { paperNumber, paperNumberText } from '../../domain/papers/numbering';
import { companyForPrint } from '../company/service';
import { listCostings } from '../costings/service';
import type { GeneratedPaper } from '../invoices/invoice-service';
import * as repo from './repository';
import * as quotes from './quote-repository';
import { quoteDocument, QUOTE_TITLE, type ProgrammeRow } from './quote-document';
import { REQUEST_MESSAGES, requestScope } from './service';

export const QUOTE_MESSAGES = {
  costingMissing: 'Версия калькуляции этой заявки не найдена',
  noRow: (version: number, size: number, sizes: number[]) =>
    `В таблице версии ${version} нет группы из ${size}: есть ${sizes.join(', ')}`,
  validUntil: 'Срок действия не может быть раньше даты предложения',
  none: 'Коммерческое предложение по заявке ещё не составлено',
  noEmail: 'У заявки не указана почта: укажите её, чтобы отправить предложение',
  kindOff:
    'Отправка коммерческих предложений выключена в настройках исходящих сообщений: включите её',
} as const;

/** What is usually not in a tour's price, offered for the manager to edit. */
export const DEFAULT_NOT_INCLUDED = [
  'Авиаперелёт',
  'Медицинская страховка',
  'Визовые сборы',
  'Личные расходы',
  'Всё, что не указано в разделе «Что включено»',
].join('\n');

const nightsWord = (count: number) =>
  count % 10 === 1 && count % 100 !== 11
    ? 'ночь'
    : [2, 3, 4].includes(count % 10) && ![12, 13, 14].includes(count % 100)
      ? 'ночи'
      : 'ночей';

/** Whole days from `from` to `to` (YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

type CostingLine = CostingBody['lines'][number];

/** A line as the client reads it: what it is, never what it costs. */
function serviceOf(line: CostingLine, priced: PricedLineJson): string {
  switch (line.type) {
    case 'hotel':
      return `Проживание: ${priced.label}, ${line.nights} ${nightsWord(line.nights)}`;
    case 'transfer':
      return `Трансфер: ${priced.label}`;
    default:
      return priced.label;
  }
}

const dayOf = (line: CostingLine): string | null =>
  line.type === 'hotel' ? line.check_in : line.type === 'typed' ? null : line.date;

/**
 * The costing's services by day: day 1 is the request's first day (else the first service's),
 * services without a day (typed by hand) last.
 */
export function programmeOf(
  body: CostingBody,
  priced: PricedLineJson[],
  start: string | null,
): ProgrammeRow[] {
  const dated = body.lines.map((line, index) => ({
    line,
    priced: priced[index]!,
    date: dayOf(line),
    index,
  }));
  const days = dated.flatMap((row) => (row.date ? [row.date] : [])).sort();
  const first = start ?? days[0] ?? null;
  return dated
    .sort(
      (a, b) =>
        (a.date === null ? 1 : 0) - (b.date === null ? 1 : 0) ||
        (a.date ?? '').localeCompare(b.date ?? '') ||
        a.index - b.index,
    )
    .map((row) => ({
      day: row.date && first ? `День ${daysBetween(first, row.date) + 1}` : '—',
      date: row.date ? formatDate(row.date) : '',
      service: serviceOf(row.line, row.priced),
    }));
}

/** «Что включено» by default: each service of the costing once. */
export function includedOf(body: CostingBody, priced: PricedLineJson[]): string {
  return [...new Set(body.lines.map((line, index) => serviceOf(line, priced[index]!)))].join('\n');
}

type Rows = CostingJson['rows'];

function quoteJson(row: quotes.QuoteRow): QuoteJson {
  const currency = storedCurrency(row.currency);
  const cell = (row.costing_rows as Rows).find((r) => r.group_size === row.group_size);
  return {
    id: row.id,
    request_id: row.request_id,
    number: row.paper_number,
    issued_on: row.issued_on,
    costing_id: row.costing_id,
    version: row.version,
    costing_title: row.costing_title,
    group_size: row.group_size,
    occupancy: row.occupancy,
    price: fromMinorUnits(row.price, currency),
    single_price: cell?.single.price ?? 0,
    double_price: cell?.double.price ?? 0,
    currency,
    included: row.included,
    not_included: row.not_included,
    valid_until: row.valid_until,
    sent_at: row.sent_at?.toISOString() ?? null,
    created_by_name: row.created_by_name,
    created_at: row.created_at.toISOString(),
  };
}

function costingOption(row: CostingJson): QuoteCostingJson {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    currency: row.currency,
    rows: row.rows.map((r) => ({
      group_size: r.group_size,
      single: r.single.price,
      double: r.double.price,
    })),
    included: includedOf(row.body, row.lines),
  };
}

async function reach(db: Db, viewer: ScopeViewer, id: number) {
  const row = await repo.findRequest(db, requestScope(viewer), id);
  if (!row) throw notFound(REQUEST_MESSAGES.notFound);
  return row;
}

async function lock(trx: Db, viewer: ScopeViewer, id: number) {
  const row = await repo.lockRequest(trx, requestScope(viewer), id);
  if (!row) throw notFound(REQUEST_MESSAGES.notFound);
  return row;
}

/** GET /admin/ticket/:id/quote: the current quote and the versions to make one of. */
export async function requestQuote(
  db: Db,
  viewer: ScopeViewer,
  id: number,
): Promise<RequestQuoteJson> {
  await reach(db, viewer, id);
  const [quote, versions] = await Promise.all([
    quotes.latestQuote(db, id),
    listCostings(db, { request_id: id }),
  ]);
  return {
    quote: quote ? quoteJson(quote) : null,
    costings: versions.map(costingOption),
    not_included: DEFAULT_NOT_INCLUDED,
  };
}

const quoteChange = (
  requestId: number,
  quoteId: number,
  action: string,
  changes: Change['changes'],
  viewer: ScopeViewer,
): Change => ({
  record: { type: 'request', id: requestId },
  entity: { type: 'quote', id: quoteId },
  action,
  changes,
  userId: viewer.id,
});

/** «№ 3: $315,00 на человека, двухместное размещение». */
function quoteLine(number: number, price: number, currency: Currency, occupancy: Occupancy) {
  return (
    `№ ${number}: ${formatAmount(price, currency)} на человека, ` +
    OCCUPANCIES[occupancy].label.toLowerCase()
  );
}

/**
 * POST /admin/ticket/:id/quote: a new quote of the request from one of its saved costing
 * versions, its price per person the cell of the version's table, numbered in the series quote.
 */
export async function saveQuote(
  trx: Db,
  viewer: ScopeViewer,
  id: number,
  body: SaveQuoteBody,
): Promise<QuoteJson> {
  const request = await lock(trx, viewer, id);
  if (request.status === 'converted') throw validationError({}, REQUEST_MESSAGES.converted);
  const errors = new FieldErrors();
  const costing = (await listCostings(trx, { request_id: id })).find(
    (candidate) => candidate.id === body.costing_id,
  );
  if (!costing) throw validationError({ costing_id: [QUOTE_MESSAGES.costingMissing] });
  const rows = costing.rows;
  const groupSize = body.group_size ?? Math.max(1, request.adults + request.children);
  const row = rows.find((candidate) => candidate.group_size === groupSize);
  if (!row) {
    const sizes = rows.map((r) => r.group_size);
    errors.add('group_size', QUOTE_MESSAGES.noRow(costing.version, groupSize, sizes));
  }
  const today = businessToday();
  if (body.valid_until && body.valid_until < today) {
    errors.add('valid_until', QUOTE_MESSAGES.validUntil);
  }
  errors.throwIfAny();
  const currency = costing.currency;
  const price = toMinorUnits(row![body.occupancy].price, currency);
  const quoteId = await quotes.nextQuoteId(trx);
  const paper = await paperNumber(trx, 'quote', `request:${id}:${quoteId}`, today, viewer.id);
  await quotes.insertQuote(trx, {
    id: quoteId,
    request_id: id,
    costing_id: costing.id,
    version: costing.version,
    group_size: groupSize,
    occupancy: body.occupancy,
    price,
    currency,
    included: body.included.trim(),
    not_included: body.not_included.trim(),
    valid_until: body.valid_until ?? null,
    paper_number: paper.number,
    issued_on: paper.issuedOn,
    created_by: viewer.id,
  });
  const line = quoteLine(paper.number, fromMinorUnits(price, currency), currency, body.occupancy);
  await recordChanges(trx, [
    quoteChange(id, quoteId, 'created', [{ field: 'quote', old: null, new: line }], viewer),
  ]);
  return quoteJson((await quotes.findQuote(trx, quoteId))!);
}

/** The quote's paper: its number kept from the save, its figures from the saved version. */
async function quotePaper(trx: Db, quote: quotes.QuoteRow): Promise<GeneratedPaper> {
  const request = await quotes.requestForPaper(trx, quote.request_id);
  const paper = await paperNumber(
    trx,
    'quote',
    `request:${quote.request_id}:${quote.id}`,
    quote.issued_on,
    quote.created_by,
  );
  const company = companyDetails(await companyForPrint(trx));
  const currency = storedCurrency(quote.currency);
  const rows = quote.costing_rows as Rows;
  const cell = rows.find((r) => r.group_size === quote.group_size)!;
  const render = () =>
    quoteDocument({
      paper,
      company,
      contact: request.contact_name,
      dateFrom: request.date_from,
      dateTo: request.date_to,
      adults: request.adults,
      children: request.children,
      wishes: request.comment,
      programme: programmeOf(
        quote.costing_body as CostingBody,
        quote.costing_lines as PricedLineJson[],
        request.date_from,
      ),
      groupSize: quote.group_size,
      occupancy: quote.occupancy,
      currency,
      prices: { single: cell.single.price, double: cell.double.price },
      byGroupSize: rows.map((r) => ({ groupSize: r.group_size, price: r[quote.occupancy].price })),
      included: quote.included,
      notIncluded: quote.not_included,
      validUntil: quote.valid_until,
      manager: {
        name: quote.created_by_name,
        phone: quote.created_by_phone,
        email: quote.created_by_email,
      },
    });
  return {
    fileName: safeDocxFileName(
      `${QUOTE_TITLE} № ${paper.number} — ${request.contact_name}`,
      QUOTE_TITLE,
    ),
    asciiFallback: `quote-${paper.number}.docx`,
    render,
  };
}

/** GET /admin/ticket/:id/quote/docx: the current quote's paper; none yet → 404. */
export async function quoteDocx(trx: Db, viewer: ScopeViewer, id: number): Promise<GeneratedPaper> {
  await reach(trx, viewer, id);
  const quote = await quotes.latestQuote(trx, id);
  if (!quote) throw notFound(QUOTE_MESSAGES.none);
  return quotePaper(trx, quote);
}

const QUOTE_REF = /^quote:(\d{1,15})$/;

/** Whether an outbox message's `attachment_ref` names a quote. */
export const isQuoteRef = (ref: string) => QUOTE_REF.test(ref);

/** The DOCX an outbox message refers to (`quote:<id>`), made when the message is sent. */
export async function quoteAttachment(db: Db, ref: string) {
  const match = QUOTE_REF.exec(ref);
  if (!match) throw new Error(`Неизвестное вложение: ${ref}`);
  const file = await db.transaction().execute(async (trx) => {
    const quote = await quotes.findQuote(trx, Number(match[1]));
    if (!quote) throw new Error(`Коммерческое предложение ${match[1]} не найдено`);
    return quotePaper(trx, quote);
  });
  return { filename: file.fileName, content: await file.render(), contentType: DOCX_MIME };
}

/**
 * POST /admin/ticket/:id/quote/send: the current quote to the request's e-mail through the
 * outbox, its DOCX attached by reference; a new request goes into work.
 */
export async function sendQuote(trx: Db, viewer: ScopeViewer, id: number): Promise<QuoteJson> {
  const request = await lock(trx, viewer, id);
  if (request.status === 'converted') throw validationError({}, REQUEST_MESSAGES.converted);
  const quote = await quotes.latestQuote(trx, id);
  if (!quote) throw validationError({}, QUOTE_MESSAGES.none);
  if (!request.email?.trim()) throw validationError({ email: [QUOTE_MESSAGES.noEmail] });
  const currency = storedCurrency(quote.currency);
  const paper = {
    series: 'quote' as const,
    year: Number(quote.issued_on.slice(0, 4)),
    number: quote.paper_number,
    issuedOn: quote.issued_on,
  };
  const text = quoteText(await companyNameForMessages(trx), {
    contactName: request.contact_name,
    paper: paperNumberText(paper),
    price: formatAmount(fromMinorUnits(quote.price, currency), currency),
    occupancy: OCCUPANCIES[quote.occupancy].label.toLowerCase(),
    groupSize: quote.group_size,
    validUntil: quote.valid_until ? formatDate(quote.valid_until) : null,
  });
  const messageId = await enqueueMessage(trx, {
    kind: 'quote',
    recipientUserId: null,
    recipient: request.email,
    requestId: id,
    ...text,
  });
  if (messageId === null) throw validationError({}, QUOTE_MESSAGES.kindOff);
  await trx
    .updateTable('outbox_messages')
    .set({ attachment_ref: `quote:${quote.id}` })
    .where('id', '=', messageId)
    .execute();
  await quotes.markSent(trx, quote.id, new Date());
  const changes: Change[] = [
    quoteChange(
      id,
      quote.id,
      'updated',
      [{ field: 'sent_to', old: null, new: request.email }],
      viewer,
    ),
  ];
  if (request.status === 'new') {
    await repo.updateRequest(trx, id, { status: 'in_work' });
    changes.push({
      record: { type: 'request', id },
      entity: { type: 'request', id },
      action: 'status',
      changes: [{ field: 'status', old: 'new', new: 'in_work' }],
      userId: viewer.id,
    });
  }
  await recordChanges(trx, changes);
  return quoteJson((await quotes.findQuote(trx, quote.id))!);
}
