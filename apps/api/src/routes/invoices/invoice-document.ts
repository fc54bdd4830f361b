import type { FileChild, Paragraph } from 'docx';
import { CURRENCY_LABELS, formatAmount, formatDate, type Currency } from '@tour/core';
import type { CompanyDetails } from '../../domain/papers/company-details';
import {
  bold,
  gridTable,
  heading,
  letterhead,
  orBlank,
  packDocument,
  paragraph,
  SHORT_BLANK,
  sideBySide,
  signatureLines,
  TEXT_WIDTH,
} from '../../domain/papers/docx-parts';
import { paperNumberText, type PaperNumber } from '../../domain/papers/numbering';

// «Счёт на оплату» (issue 32): to a tourist for its place on a trip, or to an agent for its
// tourists on a trip. Figures in the trip's currency, major units, from the trip's summary.

export interface InvoiceTrip {
  title: string;
  startsOn: string;
  endsOn: string;
}

export interface InvoicePayer {
  fullName: string;
  phone: string | null;
  email: string | null;
}

interface InvoiceHead {
  paper: PaperNumber;
  company: CompanyDetails;
  payer: InvoicePayer;
  trip: InvoiceTrip;
  currency: Currency;
  /** YYYY-MM-DD: the day the invoice is to be paid by. */
  dueOn: string;
}

export interface ParticipantInvoiceInput extends InvoiceHead {
  price: number;
  discount: number;
  /** price - discount. */
  due: number;
  /** Confirmed incomes less refunds, in the trip's currency (DESIGN.md 3b). */
  paid: number;
  /** due - paid; null when a payment could not be converted (no rate for its day). */
  debt: number | null;
}

/** How the prepared tour pays the agent. */
export type AgentTerms =
  { kind: 'commission'; percent: string } | { kind: 'price'; price: number } | { kind: 'none' };

export interface AgentInvoiceLine {
  fullName: string;
  price: number;
  discount: number;
  due: number;
  commission: number;
  /** due - commission: what the agent pays for this tourist. */
  agentDue: number;
  paid: number;
  /** agentDue - paid; null without a rate for some payment. */
  debt: number | null;
}

export interface AgentInvoiceInput extends InvoiceHead {
  terms: AgentTerms;
  lines: AgentInvoiceLine[];
  totals: Omit<AgentInvoiceLine, 'fullName'>;
}

const NO_RATE = 'уточняется: нет курса на день части платежей';

function period(trip: InvoiceTrip): string {
  return `с ${formatDate(trip.startsOn)} по ${formatDate(trip.endsOn)}`;
}

/** The seller's requisites and bank details, as a payment order needs them. */
function seller(company: CompanyDetails): FileChild {
  return gridTable(
    ['Реквизит получателя', 'Значение'],
    [
      ['Получатель', orBlank(company.legalName ?? company.name)],
      ['ИНН', orBlank(company.inn)],
      ...(company.okpo ? [['ОКПО', company.okpo]] : []),
      ['Адрес', orBlank(company.address)],
      ['Банк получателя', orBlank(company.bank.name)],
      ['Расчётный счёт', orBlank(company.bank.account)],
      ['БИК', orBlank(company.bank.bic)],
    ],
    [3000, TEXT_WIDTH - 3000],
  );
}

function payerLines(label: string, payer: InvoicePayer): Paragraph[] {
  const contacts = [payer.phone && `тел. ${payer.phone}`, payer.email && `e-mail: ${payer.email}`]
    .filter(Boolean)
    .join(', ');
  return [
    paragraph([bold(`${label}: `), payer.fullName, contacts ? `, ${contacts}` : ''], {
      before: 240,
    }),
  ];
}

function tripLine(trip: InvoiceTrip): Paragraph {
  return paragraph([bold('Тур: '), `«${trip.title}», ${period(trip)}`]);
}

function closing(input: InvoiceHead, toPay: number | null): FileChild[] {
  const { company, currency } = input;
  const settled = toPay !== null && toPay <= 0;
  return [
    paragraph(
      settled
        ? 'Тур оплачен полностью: к оплате по счёту ничего не остаётся.'
        : `Оплатить до ${formatDate(input.dueOn)}.`,
      { before: 240, bold: !settled },
    ),
    paragraph(
      `Валюта счёта: ${CURRENCY_LABELS[currency]}. Оплата наличными в кассу или ` +
        'перечислением на расчётный счёт получателя; при оплате в другой валюте сумма ' +
        'пересчитывается по курсу на день оплаты. В назначении платежа укажите номер счёта.',
      { indent: true },
    ),
    sideBySide([
      signatureLines(
        orBlank(company.director.position, 'Руководитель'),
        orBlank(company.director.shortName, SHORT_BLANK),
        true,
      ),
      signatureLines('Бухгалтер', SHORT_BLANK),
    ]),
  ];
}

/** «Счёт на оплату» to a tourist for its place on a trip, as DOCX bytes. */
export function participantInvoiceDocument(input: ParticipantInvoiceInput): Promise<Buffer> {
  const { company, currency, paper } = input;
  const money = (value: number) => formatAmount(value, currency);
  const title = `Счёт на оплату ${paperNumberText(paper)}`;
  const children: FileChild[] = [
    ...letterhead(company),
    heading(`СЧЁТ НА ОПЛАТУ ${paperNumberText(paper)}`),
    seller(company),
    ...payerLines('Плательщик', input.payer),
    tripLine(input.trip),
    gridTable(
      ['№', 'Наименование', 'Сумма'],
      [
        [
          '1',
          `Туристский продукт «${input.trip.title}» (${period(input.trip)}), турист ` +
            input.payer.fullName,
          money(input.price),
        ],
        ['', 'Скидка', money(input.discount)],
        ['', 'Стоимость с учётом скидки', money(input.due)],
        ['', 'Оплачено', money(input.paid)],
        ['', 'Итого к оплате', input.debt === null ? NO_RATE : money(Math.max(0, input.debt))],
      ],
      [600, TEXT_WIDTH - 600 - 2600, 2600],
    ),
    ...(input.debt !== null && input.debt < 0
      ? [paragraph(`Переплата: ${money(-input.debt)}.`, { before: 120 })]
      : []),
    ...closing(input, input.debt),
  ];
  return packDocument({ title: `${title}: ${input.payer.fullName}`, company, children });
}

function termsText(terms: AgentTerms, currency: Currency): string {
  switch (terms.kind) {
    case 'commission':
      return (
        `Комиссия агента: ${String(Number(terms.percent)).replace('.', ',')} % от стоимости с ` +
        'учётом скидки.'
      );
    case 'price':
      return (
        `Цена для агента: ${formatAmount(terms.price, currency)} за туриста; комиссия — ` +
        'стоимость с учётом скидки минус цена для агента.'
      );
    default:
      return 'Условия для агентов в туре не заданы: комиссия не начисляется.';
  }
}

/** «Счёт на оплату» to an agent for its tourists on a trip, as DOCX bytes. */
export function agentInvoiceDocument(input: AgentInvoiceInput): Promise<Buffer> {
  const { company, currency, paper, totals } = input;
  const money = (value: number) => formatAmount(value, currency);
  const title = `Счёт на оплату ${paperNumberText(paper)}`;
  const row = (line: Omit<AgentInvoiceLine, 'fullName'>) => [
    money(line.due),
    money(line.commission),
    money(line.agentDue),
    money(line.paid),
    line.debt === null ? 'нет курса' : money(line.debt),
  ];
  const children: FileChild[] = [
    ...letterhead(company),
    heading(`СЧЁТ НА ОПЛАТУ ${paperNumberText(paper)}`),
    seller(company),
    ...payerLines('Плательщик (агент)', input.payer),
    tripLine(input.trip),
    paragraph(termsText(input.terms, currency)),
    gridTable(
      ['№', 'Турист', 'Стоимость', 'Комиссия', 'К оплате агентом', 'Оплачено', 'Остаток'],
      [
        ...input.lines.map((line, index) => [String(index + 1), line.fullName, ...row(line)]),
        ['', 'Итого', ...row(totals)],
      ],
      [450, 2405, 1300, 1200, 1400, 1300, 1300],
    ),
    paragraph(
      'Стоимость — цена тура для туриста за вычетом скидки. Оплачено — подтверждённые платежи ' +
        'за туристов за вычетом возвратов, в валюте тура по курсу дня подтверждения.',
      { before: 120, size: 20 },
    ),
    paragraph(
      [bold('Итого к оплате: '), totals.debt === null ? NO_RATE : money(Math.max(0, totals.debt))],
      { before: 120 },
    ),
    ...closing(input, totals.debt),
  ];
  return packDocument({ title: `${title}: ${input.payer.fullName}`, company, children });
}
