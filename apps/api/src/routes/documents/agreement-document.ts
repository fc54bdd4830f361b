import type { FileChild } from 'docx';
import { CURRENCY_LABELS, formatAmount, formatDate, type Currency } from '@tour/core';
import type { CompanyDetails } from '../../domain/papers/company-details';
import type { DocumentPerson, DocumentTrip } from '../../domain/papers/document-data';
import {
  bold,
  contactsOf,
  dateOrBlank,
  destinationOf,
  heading,
  orBlank,
  packDocument,
  pageBreak,
  paragraph,
  periodOf,
  programmeTable,
  SHORT_BLANK,
  sideBySide,
  signatureLines,
  staysSentence,
  staysTable,
  taxNumbers,
  BLANK,
} from '../../domain/papers/docx-parts';

export interface AgreementInput {
  person: DocumentPerson;
  company: CompanyDetails;
  /** Date of the agreement (YYYY-MM-DD). */
  date: string;
  number?: string | null;
  destination?: string | null;
  /** Dates the staff typed in: they win over the trip's (a tourist joining later, leaving early). */
  dateFrom?: string | null;
  dateTo?: string | null;
  /** A price the staff typed in; else the trip's price for the tourist. */
  price?: { amount: number; currency: Currency } | null;
  paymentTerms?: string | null;
  /** The tourist's trip: destination, dates, hotels, programme, price, paid and debt. */
  trip?: DocumentTrip;
}

const DEFAULT_PAYMENT_TERMS =
  `Турист вносит предоплату в размере ${SHORT_BLANK} % цены туристского продукта в течение ` +
  `3 (трёх) банковских дней с даты подписания Договора, оставшуюся часть — не позднее ` +
  `${SHORT_BLANK} дней до начала тура.`;

const TRIP_PAYMENT_TERMS =
  'предоплата при подписании Договора, остаток — до начала тура в срок, указанный в пункте 2.2.';

type Clause = string | { text: string; items: string[] };

function section(title: string, clauses: Clause[], number: number): FileChild[] {
  const body: FileChild[] = [heading(`${number}. ${title}`, 2)];
  clauses.forEach((clause, i) => {
    const prefix = `${number}.${i + 1}.`;
    if (typeof clause === 'string') {
      body.push(paragraph(`${prefix} ${clause}`, { indent: true }));
      return;
    }
    body.push(paragraph(`${prefix} ${clause.text}`, { indent: true, after: 60 }));
    clause.items.forEach((item, j) =>
      body.push(paragraph(`${prefix}${j + 1}. ${item}`, { indent: true, after: 60 })),
    );
  });
  return body;
}

function priceClause(input: AgreementInput): string {
  const money = input.trip?.money;
  if (input.price) {
    return (
      `Цена туристского продукта составляет ${formatAmount(input.price.amount, input.price.currency)} ` +
      `(валюта: ${CURRENCY_LABELS[input.price.currency]}).`
    );
  }
  if (!money) return `Цена туристского продукта составляет ${BLANK}.`;
  const discount =
    money.discount > 0
      ? ` с учётом скидки ${formatAmount(money.discount, money.currency)} (цена тура ` +
        `${formatAmount(money.price, money.currency)})`
      : '';
  return (
    `Цена туристского продукта составляет ${formatAmount(money.due, money.currency)}${discount} ` +
    `(валюта: ${CURRENCY_LABELS[money.currency]}).`
  );
}

/**
 * What the tourist has paid and still owes on the date of the agreement, and by when; null when
 * the agreement is not about a trip (or the staff typed a price of their own).
 */
function paymentState(input: AgreementInput): string | null {
  const money = input.trip?.money;
  if (!money || input.price) return null;
  const paid = formatAmount(money.paid, money.currency);
  if (money.debt === null) {
    return `На дату Договора Турист оплатил ${paid}; остаток уточняется по курсу на день оплаты.`;
  }
  if (money.debt <= 0) {
    return `На дату Договора Турист оплатил ${paid}: цена туристского продукта оплачена полностью.`;
  }
  const start = input.trip?.dateFrom ? ` не позднее ${formatDate(input.trip.dateFrom)}` : '';
  return (
    `На дату Договора Турист оплатил ${paid}; остаток к оплате — ` +
    `${formatAmount(money.debt, money.currency)}, вносится${start} (до начала тура).`
  );
}

/** The default payment terms: with a trip, what is left to pay by when; else a text with blanks. */
function paymentTerms(input: AgreementInput): string {
  const money = input.trip?.money;
  if (!money || input.price) return DEFAULT_PAYMENT_TERMS;
  if (money.debt !== null && money.debt <= 0)
    return 'цена туристского продукта оплачена полностью.';
  return TRIP_PAYMENT_TERMS;
}

function requisites(input: AgreementInput): FileChild {
  const { company, person } = input;
  const line = (text: string) => paragraph(text, { after: 40, size: 22 });
  return sideBySide([
    [
      paragraph([bold('Туроператор')], { after: 80 }),
      line(orBlank(company.legalName)),
      line(`Адрес: ${orBlank(company.address)}`),
      line(taxNumbers(company)),
      ...(company.licence ? [line(`Лицензия: ${company.licence}`)] : []),
      line(
        `Р/с ${orBlank(company.bank.account, SHORT_BLANK)} в ${orBlank(company.bank.name, SHORT_BLANK)}, ` +
          `БИК ${orBlank(company.bank.bic, SHORT_BLANK)}`,
      ),
      line(contactsOf(company)),
      ...signatureLines(
        orBlank(company.director.position, SHORT_BLANK),
        orBlank(company.director.shortName, SHORT_BLANK),
        true,
      ),
    ],
    [
      paragraph([bold('Турист')], { after: 80 }),
      line(person.fullName),
      line(`Дата рождения: ${dateOrBlank(person.birthDate)}`),
      line(`Гражданство: ${orBlank(person.citizenship, SHORT_BLANK)}`),
      line(
        `Паспорт № ${orBlank(person.passportNumber, SHORT_BLANK)}, выдан ` +
          `${dateOrBlank(person.passportIssuedAt)}, действителен до ` +
          `${dateOrBlank(person.passportExpiresAt)}`,
      ),
      line(`Тел.: ${orBlank(person.phone, SHORT_BLANK)}`),
      ...(person.email ? [line(`E-mail: ${person.email}`)] : []),
      ...signatureLines('Подпись', person.fullName),
    ],
  ]);
}

/** «Общество …, именуемое в дальнейшем «Туроператор», в лице директора …, действующего на …». */
function companyParty(company: AgreementInput['company']): string {
  const { party } = company;
  if (party.ip) {
    return (
      `${orBlank(party.legalName)}, действующий(ая) на основании ${party.basis}, именуемый(ая) ` +
      'в дальнейшем «Туроператор»'
    );
  }
  return (
    `${orBlank(party.legalName)}, именуемое в дальнейшем «Туроператор», в лице ` +
    `${party.representedBy ?? `${BLANK}, действующего на основании ${party.basis}`}`
  );
}

/** The tour services agreement (договор о реализации туристского продукта), as DOCX bytes. */
export function agreementDocument(input: AgreementInput): Promise<Buffer> {
  const { company, person, trip } = input;
  const number = orBlank(input.number ?? trip?.number, SHORT_BLANK);
  const period = periodOf({
    dateFrom: input.dateFrom ?? trip?.dateFrom,
    dateTo: input.dateTo ?? trip?.dateTo,
  });
  const destination = input.destination?.trim() || destinationOf(trip);
  const stays = staysSentence(trip);
  const paid = paymentState(input);
  const dated = `№ ${number} от ${formatDate(input.date)}`;

  const children: FileChild[] = [
    heading(`ДОГОВОР № ${number}`),
    paragraph('о реализации туристского продукта', { align: 'center', bold: true }),
    sideBySide([
      [paragraph(orBlank(company.city, SHORT_BLANK))],
      [paragraph(formatDate(input.date), { align: 'right' })],
    ]),
    paragraph(
      `${companyParty(company)}, с одной стороны, и ${person.fullName}, дата рождения ` +
        `${dateOrBlank(person.birthDate)}, паспорт № ${orBlank(person.passportNumber, SHORT_BLANK)}, ` +
        'именуемый(ая) в дальнейшем «Турист», с другой стороны, вместе именуемые «Стороны», ' +
        'заключили настоящий Договор о нижеследующем.',
      { indent: true, before: 240 },
    ),
    ...section(
      'Предмет договора',
      [
        'Туроператор обязуется оказать Туристу комплекс услуг по перевозке, размещению и иные ' +
          'услуги, предусмотренные программой тура (далее — туристский продукт), а Турист ' +
          'обязуется оплатить туристский продукт.',
        `Направление (страна, города): ${destination}.`,
        `Сроки тура: ${period}.`,
        ...(stays ? [`Средства размещения: ${stays}.`] : []),
        'Программа тура, средства размещения, перевозка, страхование и визовая поддержка ' +
          'указываются в Приложении № 1, являющемся неотъемлемой частью Договора.',
      ],
      1,
    ),
    ...section(
      'Цена и порядок оплаты',
      [
        priceClause(input),
        ...(paid ? [paid] : []),
        `Порядок оплаты: ${input.paymentTerms?.trim() || paymentTerms(input)}`,
        'Оплата производится наличными в кассу Туроператора или перечислением на его ' +
          'банковский счёт. При оплате в другой валюте сумма пересчитывается по курсу ' +
          'Туроператора на день оплаты.',
        'Консульский сбор и расходы, не указанные в программе тура, в цену не входят, если ' +
          'иное не указано в Приложении № 1.',
      ],
      2,
    ),
    ...section(
      'Права и обязанности сторон',
      [
        {
          text: 'Туроператор обязуется:',
          items: [
            'предоставить Туристу достоверную информацию о туристском продукте, о правилах ' +
              'въезда в страну пребывания и о визовых требованиях;',
            'оказать услуги, входящие в туристский продукт, в соответствии с программой тура;',
            'подготовить документы, необходимые для обращения в консульское учреждение;',
            'передать Туристу не позднее чем за 2 (два) дня до начала тура документы для ' +
              'поездки (ваучер, билеты, страховой полис).',
          ],
        },
        {
          text: 'Туроператор вправе:',
          items: [
            'заменить средство размещения на равноценное или более высокой категории без ' +
              'доплаты со стороны Туриста;',
            'отказаться от исполнения Договора, если Турист не оплатил туристский продукт в ' +
              'сроки, указанные в разделе 2.',
          ],
        },
        {
          text: 'Турист обязуется:',
          items: [
            'оплатить туристский продукт в порядке и в сроки, указанные в разделе 2;',
            'предоставить достоверные сведения и документы, необходимые для поездки и ' +
              'оформления визы, в сроки, указанные Туроператором;',
            'иметь заграничный паспорт, действительный не менее 6 (шести) месяцев после ' +
              'окончания тура;',
            'соблюдать законодательство страны пребывания, правила перевозчиков и средств ' +
              'размещения, своевременно прибыть к месту начала тура.',
          ],
        },
        {
          text: 'Турист вправе:',
          items: [
            'получить полную и достоверную информацию о туристском продукте;',
            'требовать оказания всех услуг, входящих в туристский продукт;',
            'требовать возмещения убытков, причинённых неисполнением Договора Туроператором.',
          ],
        },
      ],
      3,
    ),
    ...section(
      'Изменение и расторжение договора, отказ от тура',
      [
        'Договор может быть изменён или расторгнут по соглашению Сторон, а также по ' +
          'основаниям, предусмотренным законодательством Кыргызской Республики.',
        'Турист вправе отказаться от туристского продукта в любое время до начала тура, ' +
          'письменно уведомив Туроператора и возместив ему фактически понесённые расходы ' +
          '(штрафы средств размещения и перевозчиков, невозвратные тарифы, консульские сборы). ' +
          'Остаток внесённой суммы возвращается в течение 10 (десяти) банковских дней.',
        'Отказ консульского учреждения в выдаче визы не является нарушением Договора ' +
          'Туроператором; в этом случае Турист возмещает фактически понесённые расходы, ' +
          'консульский сбор не возвращается.',
        'Если тур отменён Туроператором по причинам, за которые отвечает Туроператор, Турист ' +
          'получает внесённую сумму полностью в течение 10 (десяти) банковских дней.',
        'Существенным изменением обстоятельств признаются ухудшение условий путешествия, ' +
          'изменение сроков тура, непредвиденный рост транспортных тарифов, невозможность ' +
          'совершения поездки по причинам, не зависящим от Сторон.',
      ],
      4,
    ),
    ...section(
      'Ответственность сторон',
      [
        'За неисполнение или ненадлежащее исполнение Договора Стороны несут ответственность ' +
          'в соответствии с законодательством Кыргызской Республики.',
        'Стороны освобождаются от ответственности, если неисполнение вызвано обстоятельствами ' +
          'непреодолимой силы (стихийные бедствия, военные действия, эпидемии, решения органов ' +
          'власти, закрытие границ).',
        'Претензии к качеству туристского продукта предъявляются Туроператору письменно в ' +
          'течение 20 (двадцати) дней с даты окончания тура и рассматриваются в течение 10 ' +
          '(десяти) дней с даты получения.',
      ],
      5,
    ),
    ...section(
      'Прочие условия',
      [
        'Договор вступает в силу с даты подписания и действует до полного исполнения ' +
          'Сторонами своих обязательств.',
        'Споры разрешаются путём переговоров, а при недостижении согласия — в суде в ' +
          'соответствии с законодательством Кыргызской Республики.',
        'Турист даёт согласие на обработку своих персональных данных для исполнения Договора, ' +
          'в том числе на их передачу перевозчикам, средствам размещения, страховщикам и ' +
          'консульским учреждениям.',
        'Договор составлен в двух экземплярах, имеющих равную юридическую силу, по одному для ' +
          'каждой из Сторон.',
      ],
      6,
    ),
    heading('7. Реквизиты и подписи сторон', 2),
    requisites(input),
    pageBreak(),
    paragraph(`Приложение № 1 к Договору ${dated}`, { align: 'right' }),
    heading('ПРОГРАММА ТУРА'),
    paragraph(`Направление: ${destination}. Сроки: ${period}.`, { indent: true }),
    programmeTable(trip),
    heading('Проживание', 2),
    staysTable(trip),
    sideBySide([
      signatureLines('Туроператор', orBlank(company.director.shortName, SHORT_BLANK), true),
      signatureLines('Турист', person.fullName),
    ]),
  ];

  return packDocument({ title: `Договор ${dated}: ${person.fullName}`, company, children });
}
