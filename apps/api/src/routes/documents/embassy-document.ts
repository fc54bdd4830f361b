import type { FileChild } from 'docx';
import { formatAmount, formatDate } from '@tour/core';
import type { CompanyDetails } from '../../domain/papers/company-details';
import type { DocumentPerson, DocumentTrip } from '../../domain/papers/document-data';
import {
  BLANK,
  contactsOf,
  orBlank,
  destinationOf,
  fieldsTable,
  heading,
  letterhead,
  packDocument,
  paragraph,
  periodOf,
  personFields,
  personSentence,
  programmeTable,
  SHORT_BLANK,
  signatureGap,
  signatureLines,
  sideBySide,
  staysSentence,
  staysTable,
} from '../../domain/papers/docx-parts';
import {
  EMBASSY_DOCUMENT_LABELS,
  VISA_PURPOSES,
  VISA_TYPE_LABELS,
  type EmbassyDocumentType,
  type VisaType,
} from '@tour/core/contract/document-options';

export interface EmbassyDocumentInput {
  type: EmbassyDocumentType;
  visaType: VisaType;
  person: DocumentPerson;
  company: CompanyDetails;
  /** The document's date (YYYY-MM-DD): today in Bishkek. */
  date: string;
  /** Not stored yet (see DocumentTrip): without it the trip's lines are left to fill in. */
  trip?: DocumentTrip;
}

/** Days of the stay, both ends counted, when both dates are known. */
function daysOf(trip: DocumentTrip | undefined): string {
  if (!trip?.dateFrom || !trip.dateTo) return '';
  const days = (Date.parse(trip.dateTo) - Date.parse(trip.dateFrom)) / 86_400_000 + 1;
  return Number.isFinite(days) && days > 0 ? String(days) : '';
}

function outgoing(input: EmbassyDocumentInput): FileChild[] {
  return [
    sideBySide([
      [
        paragraph(
          `Исх. № ${orBlank(input.trip?.number, SHORT_BLANK)} от ${formatDate(input.date)}`,
        ),
      ],
      [
        paragraph('В Посольство (консульский отдел)', { align: 'right', after: 40 }),
        paragraph(orBlank(input.trip?.country), { align: 'right' }),
      ],
    ]),
  ];
}

function directorSignature(company: CompanyDetails): FileChild {
  return sideBySide([
    signatureLines(
      orBlank(company.director.position, SHORT_BLANK),
      orBlank(company.director.shortName, SHORT_BLANK),
      true,
    ),
    [paragraph(orBlank(company.name), { align: 'right', before: 240 })],
  ]);
}

/** «$3 430,00 (оплачено $700,00, остаток $2 730,00)», or null without the trip's money. */
function costOf(trip: DocumentTrip | undefined): string | null {
  const money = trip?.money;
  if (!money) return null;
  const paid = `оплачено ${formatAmount(money.paid, money.currency)}`;
  const rest =
    money.debt === null || money.debt <= 0
      ? ''
      : `, остаток ${formatAmount(money.debt, money.currency)}`;
  return `${formatAmount(money.due, money.currency)} (${paid}${rest})`;
}

function application(input: EmbassyDocumentInput): FileChild[] {
  const { person, trip, company, visaType } = input;
  const stays = staysSentence(trip);
  return [
    heading('АНКЕТА-ЗАЯВЛЕНИЕ НА ВИЗУ'),
    paragraph(`Категория визы: ${VISA_TYPE_LABELS[visaType]}`, { align: 'center', bold: true }),
    heading('1. Сведения о заявителе', 2),
    fieldsTable([
      ...personFields(person),
      ['Место рождения', null],
      ['Домашний адрес', null],
      ['Телефон', person.phone],
      ['Электронная почта', person.email],
      ['Место работы, должность', null],
    ]),
    heading('2. Сведения о поездке', 2),
    fieldsTable([
      ['Цель поездки', VISA_PURPOSES[visaType]],
      ['Страна назначения', trip?.country],
      ['Города', (trip?.cities ?? []).join(', ')],
      ['Дата въезда', formatDate(trip?.dateFrom)],
      ['Дата выезда', formatDate(trip?.dateTo)],
      ['Продолжительность пребывания, дней', daysOf(trip)],
      ['Место пребывания (гостиница, адрес)', stays],
      ['Стоимость поездки', costOf(trip)],
    ]),
    heading('3. Организатор поездки', 2),
    fieldsTable([
      ['Организация', company.name],
      ['ИНН', company.inn],
      ['Адрес', company.address],
      ['Телефон', company.phone],
      ...(company.email ? [['Электронная почта', company.email] as [string, string]] : []),
      ...(company.licence ? [['Лицензия', company.licence] as [string, string]] : []),
    ]),
    paragraph('Подтверждаю, что сведения, указанные в анкете, верны и полны.', {
      indent: true,
      before: 240,
    }),
    sideBySide([
      [paragraph(['Подпись заявителя ', signatureGap()], { before: 240 })],
      [paragraph(`Дата ${formatDate(input.date)}`, { align: 'right', before: 240 })],
    ]),
  ];
}

function itinerary(input: EmbassyDocumentInput): FileChild[] {
  const { person, trip, company, visaType } = input;
  return [
    heading('ПРОГРАММА ПРЕБЫВАНИЯ'),
    paragraph('(маршрут поездки)', { align: 'center' }),
    fieldsTable([
      ['Заявитель', person.fullName],
      ['Дата рождения', formatDate(person.birthDate)],
      ['Номер паспорта', person.passportNumber],
      ['Категория визы', VISA_TYPE_LABELS[visaType]],
      ['Цель поездки', VISA_PURPOSES[visaType]],
      ['Страна, города', destinationOf(trip) === BLANK ? '' : destinationOf(trip)],
      ['Период пребывания', trip?.dateFrom || trip?.dateTo ? periodOf(trip) : ''],
    ]),
    heading('Программа по дням', 2),
    programmeTable(trip),
    heading('Проживание', 2),
    staysTable(trip),
    paragraph(
      `Организатор поездки: ${orBlank(company.name)}, ${orBlank(company.address)}. ` +
        `${contactsOf(company)}.`,
      { indent: true, before: 240 },
    ),
    directorSignature(company),
  ];
}

function guarantee(input: EmbassyDocumentInput): FileChild[] {
  const { person, trip, company, visaType } = input;
  return [
    ...letterhead(company),
    ...outgoing(input),
    heading('ГАРАНТИЙНОЕ ПИСЬМО'),
    paragraph(
      `${orBlank(company.legalName)} (далее — Компания), являясь организатором поездки, настоящим ` +
        `гарантирует, что ${personSentence(person)}, совершает поездку по маршруту: ` +
        `${destinationOf(trip)} ${periodOf(trip)} с целью: ${VISA_PURPOSES[visaType]} ` +
        `(категория визы: ${VISA_TYPE_LABELS[visaType].toLowerCase()}).`,
      { indent: true },
    ),
    paragraph('Компания гарантирует:', { indent: true, after: 60 }),
    paragraph('— соблюдение заявителем цели поездки и законодательства страны пребывания;', {
      indent: true,
      after: 60,
    }),
    paragraph('— выезд заявителя из страны пребывания не позднее даты окончания поездки;', {
      indent: true,
      after: 60,
    }),
    paragraph(
      '— оплату расходов, связанных с пребыванием заявителя, в том числе с его возвращением, ' +
        'если заявитель их не оплатит.',
      { indent: true },
    ),
    paragraph('Программа пребывания прилагается.', { indent: true }),
    directorSignature(company),
  ];
}

function invitation(input: EmbassyDocumentInput): FileChild[] {
  const { person, trip, company, visaType } = input;
  return [
    ...letterhead(company),
    ...outgoing(input),
    heading('ПРИГЛАШЕНИЕ'),
    paragraph(
      `${orBlank(company.legalName)} приглашает ${person.fullName} совершить поездку по маршруту: ` +
        `${destinationOf(trip)} ${periodOf(trip)} с целью: ${VISA_PURPOSES[visaType]}. ` +
        `Категория визы: ${VISA_TYPE_LABELS[visaType].toLowerCase()}.`,
      { indent: true },
    ),
    heading('Сведения о приглашённом', 2),
    fieldsTable(personFields(person)),
    paragraph(
      'Программу пребывания, проживание и передвижение по маршруту организует ' +
        `${orBlank(company.name)}. Программа пребывания прилагается.`,
      { indent: true, before: 240 },
    ),
    directorSignature(company),
  ];
}

const ENCLOSURES = [
  'Анкета-заявление на визу.',
  'Заграничный паспорт и копия его страницы с личными данными.',
  'Фотография.',
  'Программа пребывания (маршрут).',
  'Гарантийное письмо.',
  'Подтверждение бронирования проживания и билетов.',
  'Медицинский страховой полис.',
];

function coverLetter(input: EmbassyDocumentInput): FileChild[] {
  const { person, trip, company, visaType } = input;
  return [
    ...letterhead(company),
    ...outgoing(input),
    heading('СОПРОВОДИТЕЛЬНОЕ ПИСЬМО'),
    paragraph(
      `${orBlank(company.name)} просит рассмотреть документы ${personSentence(person)}, для ` +
        `оформления визы (категория: ${VISA_TYPE_LABELS[visaType].toLowerCase()}) на поездку ` +
        'по маршруту: ' +
        `${destinationOf(trip)} ${periodOf(trip)}. Цель поездки: ${VISA_PURPOSES[visaType]}.`,
      { indent: true },
    ),
    paragraph('Прилагаемые документы:', { indent: true, after: 60 }),
    ...ENCLOSURES.map((text, i) => paragraph(`${i + 1}. ${text}`, { indent: true, after: 60 })),
    paragraph(`Контакты организатора поездки: ${contactsOf(company)}.`, {
      indent: true,
      before: 240,
    }),
    directorSignature(company),
  ];
}

const BUILDERS: Record<EmbassyDocumentType, (input: EmbassyDocumentInput) => FileChild[]> = {
  application,
  itinerary,
  guarantee,
  invitation,
  cover_letter: coverLetter,
};

/** One embassy document (type × visa type) for one person, as DOCX bytes. */
export function embassyDocument(input: EmbassyDocumentInput): Promise<Buffer> {
  return packDocument({
    title: `${EMBASSY_DOCUMENT_LABELS[input.type]}: ${input.person.fullName}`,
    company: input.company,
    children: BUILDERS[input.type](input),
  });
}
