import type { FileChild } from 'docx';
import { formatAmount, formatDate, OCCUPANCIES, type Currency, type Occupancy } from '@tour/core';
import type { CompanyDetails } from '../../domain/papers/company-details';
import {
  fieldsTable,
  gridTable,
  heading,
  letterhead,
  packDocument,
  paragraph,
  TEXT_WIDTH,
} from '../../domain/papers/docx-parts';
import { paperNumberText, type PaperNumber } from '../../domain/papers/numbering';

export const QUOTE_TITLE = 'Коммерческое предложение';

/** One service of the programme as the client reads it: its day, never its cost. */
export interface ProgrammeRow {
  /** «День 1», or «—» for a service without a day (typed by hand). */
  day: string;
  /** DD.MM.YYYY, or empty. */
  date: string;
  service: string;
}

export interface QuoteInput {
  paper: PaperNumber;
  company: CompanyDetails;
  contact: string;
  dateFrom: string | null;
  dateTo: string | null;
  adults: number;
  children: number;
  wishes: string | null;
  programme: ProgrammeRow[];
  groupSize: number;
  occupancy: Occupancy;
  currency: Currency;
  /** Major units per person, for the quote's group size. */
  prices: Record<Occupancy, number>;
  /** The version's table in the chosen occupancy: price per person by group size. */
  byGroupSize: { groupSize: number; price: number }[];
  included: string;
  notIncluded: string;
  validUntil: string | null;
  manager: { name: string | null; phone: string | null; email: string | null };
}

const CHOSEN = ' — выбрано';

/** «10 человек», «2 человека». */
export function peopleWord(count: number): string {
  const tens = count % 100;
  const ones = count % 10;
  if (tens >= 11 && tens <= 14) return `${count} человек`;
  if (ones >= 2 && ones <= 4) return `${count} человека`;
  return `${count} человек`;
}

function periodOf(from: string | null, to: string | null): string | null {
  if (from && to) return `с ${formatDate(from)} по ${formatDate(to)}`;
  if (from) return `с ${formatDate(from)}`;
  if (to) return `по ${formatDate(to)}`;
  return null;
}

/** Each non-empty line of a text as a paragraph of its own. */
function lines(text: string): FileChild[] {
  const parts = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts.map((line) => paragraph(line)) : [paragraph('—')];
}

/** «Коммерческое предложение» for a request, as DOCX bytes: the programme and the price only. */
export function quoteDocument(input: QuoteInput): Promise<Buffer> {
  const { company, paper } = input;
  const money = (amount: number) => formatAmount(amount, input.currency);
  const occupancies = (['double', 'single'] as const).map((occupancy) => [
    `${OCCUPANCIES[occupancy].label}${occupancy === input.occupancy ? CHOSEN : ''}`,
    money(input.prices[occupancy]),
  ]);
  const manager = [input.manager.name, input.manager.phone, input.manager.email]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  const children: FileChild[] = [
    ...letterhead(company),
    heading(`${QUOTE_TITLE.toUpperCase()} ${paperNumberText(paper)}`),
    paragraph(`Кому: ${input.contact}`, { bold: true }),
    fieldsTable([
      ['Даты поездки', periodOf(input.dateFrom, input.dateTo) ?? 'по согласованию'],
      ['Взрослых', String(input.adults)],
      ['Детей', String(input.children)],
      ['Пожелания', input.wishes?.trim() || '—'],
    ]),
    heading('Программа', 2),
    input.programme.length > 0
      ? gridTable(
          ['День', 'Дата', 'Услуга'],
          input.programme.map((row) => [row.day, row.date, row.service]),
          [1300, 1700, TEXT_WIDTH - 3000],
        )
      : paragraph('—'),
    heading('Стоимость', 2),
    paragraph(
      `Цена на человека при группе ${peopleWord(input.groupSize)} (${input.currency.toUpperCase()}):`,
    ),
    gridTable(['Размещение', 'Цена на человека'], occupancies, [TEXT_WIDTH - 3000, 3000]),
    paragraph(
      `Цена на человека по размеру группы (${OCCUPANCIES[input.occupancy].label.toLowerCase()}):`,
      { before: 240 },
    ),
    gridTable(
      ['Группа', 'Цена на человека'],
      input.byGroupSize.map((row) => [
        `${peopleWord(row.groupSize)}${row.groupSize === input.groupSize ? CHOSEN : ''}`,
        money(row.price),
      ]),
      [TEXT_WIDTH - 3000, 3000],
    ),
    heading('Что включено', 2),
    ...lines(input.included),
    heading('Что не включено', 2),
    ...lines(input.notIncluded),
    paragraph(
      input.validUntil
        ? `Предложение действительно до ${formatDate(input.validUntil)}.`
        : 'Срок действия предложения уточняйте у менеджера.',
      { before: 240 },
    ),
    paragraph(`Менеджер: ${manager || 'уточняйте в офисе компании'}`, { bold: true }),
  ];
  return packDocument({ title: `${QUOTE_TITLE} ${paperNumberText(paper)}`, company, children });
}
