import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  Packer,
  PageBreak,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
} from 'docx';
import { formatDate } from '@tour/core';
import type { CompanyDetails } from './company-details';
import type { DocumentPerson, DocumentTrip } from './document-data';

// The building blocks every document shares: an A4 page with Russian office margins (30/15/20/20
// mm), Times New Roman 12, headings, field tables, blanks to fill in by hand, signatures.

const FONT = 'Times New Roman';
const PAGE = { width: 11906, height: 16838 };
const MARGIN = { top: 1134, bottom: 1134, left: 1701, right: 850 };
/** Text width in twips (1/20 pt): A4 minus the margins. */
export const TEXT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const FIRST_LINE_INDENT = 709; // 1.25 cm, the Russian office standard

/** A line to fill in by hand where the data is missing. */
export const BLANK = '______________________________';
export const SHORT_BLANK = '__________';
const DATE_BLANK = '__.__.______';

/** The text, or a blank line when there is none (a missing field must never stop a document). */
export function orBlank(value: string | null | undefined, blank = BLANK): string {
  const text = value?.trim();
  return text ? text : blank;
}

/** DD.MM.YYYY, or a date-shaped blank. */
export function dateOrBlank(value: string | null | undefined): string {
  return formatDate(value) || DATE_BLANK;
}

type Inline = string | TextRun;

export const bold = (text: string) => new TextRun({ text, bold: true });

interface ParagraphOptions {
  align?: 'left' | 'center' | 'right' | 'justify';
  /** First-line indent of running text. */
  indent?: boolean;
  bold?: boolean;
  size?: number;
  after?: number;
  before?: number;
  keepNext?: boolean;
}

const ALIGN = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
  justify: AlignmentType.JUSTIFIED,
} as const;

function runs(content: Inline | Inline[], options: ParagraphOptions): TextRun[] {
  return (Array.isArray(content) ? content : [content]).map((part) =>
    typeof part === 'string'
      ? new TextRun({ text: part, bold: options.bold, size: options.size })
      : part,
  );
}

/** A paragraph; running text is justified with a first-line indent (`indent`). */
export function paragraph(content: Inline | Inline[], options: ParagraphOptions = {}): Paragraph {
  return new Paragraph({
    alignment: ALIGN[options.align ?? (options.indent ? 'justify' : 'left')],
    indent: options.indent ? { firstLine: FIRST_LINE_INDENT } : undefined,
    spacing: { after: options.after ?? 120, before: options.before },
    keepNext: options.keepNext,
    children: runs(content, options),
  });
}

/** A document's title (level 1) or a section's heading (level 2). */
export function heading(text: string, level: 1 | 2 = 1): Paragraph {
  return new Paragraph({
    heading: level === 1 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2,
    alignment: level === 1 ? AlignmentType.CENTER : AlignmentType.LEFT,
    keepNext: true,
    children: [new TextRun(text)],
  });
}

export const pageBreak = () => new Paragraph({ children: [new PageBreak()] });

const NO_BORDERS = {
  top: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  bottom: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  left: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  right: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  insideHorizontal: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  insideVertical: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
};

function cell(content: Paragraph[] | string, width: number, header = false): TableCell {
  const children =
    typeof content === 'string'
      ? content.split('\n').map((line) => paragraph(line, { bold: header, after: 40 }))
      : content;
  return new TableCell({
    width: { size: width, type: WidthType.DXA },
    margins: { top: 60, bottom: 60, left: 100, right: 100 },
    shading: header ? { fill: 'E7E6E6' } : undefined,
    children,
  });
}

/** A grid with a shaded header row; an empty cell is left for the hand. */
export function gridTable(headers: string[], rows: string[][], widths: number[]): Table {
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: widths,
    rows: [
      new TableRow({
        tableHeader: true,
        children: headers.map((text, i) => cell(text, widths[i]!, true)),
      }),
      ...rows.map(
        (row) => new TableRow({ children: row.map((text, i) => cell(text, widths[i]!)) }),
      ),
    ],
  });
}

/** Label and value in two columns; a missing value stays an empty cell to fill in by hand. */
export function fieldsTable(fields: Array<[string, string | null | undefined]>): Table {
  const widths = [3500, TEXT_WIDTH - 3500];
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: widths,
    rows: fields.map(
      ([label, value]) =>
        new TableRow({
          children: [
            cell([paragraph(label, { bold: true, after: 40 })], widths[0]!),
            cell(value?.trim() ?? '', widths[1]!),
          ],
        }),
    ),
  });
}

/** Columns of text side by side without borders (requisites, signatures). */
export function sideBySide(columns: Paragraph[][]): Table {
  const width = Math.floor(TEXT_WIDTH / columns.length);
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: columns.map(() => width),
    borders: NO_BORDERS,
    rows: [new TableRow({ children: columns.map((children) => cell(children, width)) })],
  });
}

/** An underlined gap for a signature: a line on paper, no underscores in the text. */
const SIGNATURE_GAP = new Array(28).fill('\u00a0').join('');

/** The underlined gap a signature goes on. */
export const signatureGap = () => new TextRun({ text: SIGNATURE_GAP, underline: {} });

/** "Position ____________ / Name /" with a place for the stamp. */
export function signatureLines(position: string, name: string, stamp = false): Paragraph[] {
  return [
    paragraph(position, { before: 240, after: 60 }),
    paragraph([signatureGap(), ` / ${name} /`], {
      after: 60,
    }),
    ...(stamp ? [paragraph('М. П.', { after: 60 })] : []),
  ];
}

/** «ИНН …, ОКПО …»: the INN (a blank when missing), the OKPO only when there is one. */
export function taxNumbers(company: CompanyDetails): string {
  return [`ИНН ${orBlank(company.inn, SHORT_BLANK)}`, company.okpo && `ОКПО ${company.okpo}`]
    .filter(Boolean)
    .join(', ');
}

/** «Тел.: …, e-mail: …»: the phone (a blank when missing), the e-mail only when there is one. */
export function contactsOf(company: CompanyDetails): string {
  return [
    `Тел.: ${orBlank(company.phone, SHORT_BLANK)}`,
    company.email && `e-mail: ${company.email}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The company's letterhead: name, address and contacts, a rule under them. */
export function letterhead(company: CompanyDetails): Paragraph[] {
  const small = 20;
  return [
    paragraph(orBlank(company.name), { align: 'center', bold: true, size: 28, after: 40 }),
    paragraph(orBlank(company.address), { align: 'center', size: small, after: 20 }),
    paragraph(contactsOf(company), { align: 'center', size: small, after: 20 }),
    ...(company.licence
      ? [paragraph(`Лицензия: ${company.licence}`, { align: 'center', size: small, after: 20 })]
      : []),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { after: 240 },
      border: { bottom: { style: BorderStyle.SINGLE, size: 8, color: '000000', space: 4 } },
      children: [new TextRun({ text: taxNumbers(company), size: small })],
    }),
  ];
}

/** The logo's height in the page header, in pixels (96 to the inch): about 1.5 cm. */
const LOGO_HEIGHT = 56;
const LOGO_MAX_WIDTH = 220;

/** The page header of every document: the company's logo, when it has one. */
function pageHeader(company: CompanyDetails): Header | undefined {
  const logo = company.logo;
  if (!logo || logo.width <= 0 || logo.height <= 0) return undefined;
  const scale = Math.min(LOGO_HEIGHT / logo.height, LOGO_MAX_WIDTH / logo.width);
  return new Header({
    children: [
      new Paragraph({
        alignment: AlignmentType.LEFT,
        children: [
          new ImageRun({
            type: logo.type,
            data: logo.data,
            transformation: {
              width: Math.max(1, Math.round(logo.width * scale)),
              height: Math.max(1, Math.round(logo.height * scale)),
            },
            altText: {
              name: 'Логотип',
              title: 'Логотип',
              description: company.name ?? 'Логотип компании',
            },
          }),
        ],
      }),
    ],
  });
}

/** The person's identity and passport as consulates ask for them. */
export function personFields(person: DocumentPerson): Array<[string, string | null]> {
  return [
    ['Фамилия, имя, отчество', person.fullName],
    ['Дата рождения', formatDate(person.birthDate)],
    ['Гражданство', person.citizenship],
    ['Номер паспорта', person.passportNumber],
    ['Дата выдачи паспорта', formatDate(person.passportIssuedAt)],
    ['Паспорт действителен до', formatDate(person.passportExpiresAt)],
  ];
}

/** "фамилия, DD.MM.YYYY г. р., паспорт № …, выдан …, действителен до …" for running text. */
export function personSentence(person: DocumentPerson): string {
  return (
    `${person.fullName}, дата рождения ${dateOrBlank(person.birthDate)}, гражданство ` +
    `${orBlank(person.citizenship, SHORT_BLANK)}, паспорт № ${orBlank(person.passportNumber, SHORT_BLANK)}, ` +
    `выдан ${dateOrBlank(person.passportIssuedAt)}, действителен до ` +
    `${dateOrBlank(person.passportExpiresAt)}`
  );
}

/** The trip's destination: its country and cities, or a blank. */
export function destinationOf(trip: DocumentTrip | undefined): string {
  const parts = [trip?.country, ...(trip?.cities ?? [])].filter((part) => part?.trim());
  return parts.length > 0 ? parts.join(', ') : BLANK;
}

/** "с DD.MM.YYYY по DD.MM.YYYY", blanks where the trip does not say. */
export function periodOf(trip: DocumentTrip | undefined): string {
  return `с ${dateOrBlank(trip?.dateFrom)} по ${dateOrBlank(trip?.dateTo)}`;
}

const EMPTY_PROGRAMME_DAYS = 7;

/** The day-by-day programme; empty rows to fill in when the trip has none. */
export function programmeTable(trip: DocumentTrip | undefined): Table {
  const days = trip?.itinerary ?? [];
  const rows =
    days.length > 0
      ? days.map((day, i) => [
          String(i + 1),
          formatDate(day.date),
          day.city,
          day.programme,
          day.accommodation ?? '',
        ])
      : Array.from({ length: EMPTY_PROGRAMME_DAYS }, (_, i) => [String(i + 1), '', '', '', '']);
  return gridTable(
    ['№', 'Дата', 'Город', 'Программа', 'Место проживания'],
    rows,
    [500, 1400, 1600, 3655, 2200],
  );
}

/** Where the tourist stays; two empty rows to fill in when the trip does not say. */
export function staysTable(trip: DocumentTrip | undefined): Table {
  const stays = trip?.stays ?? [];
  const rows =
    stays.length > 0
      ? stays.map((stay) => [
          stay.name,
          [stay.city, stay.address].filter(Boolean).join(', '),
          formatDate(stay.checkIn),
          formatDate(stay.checkOut),
        ])
      : [
          ['', '', '', ''],
          ['', '', '', ''],
        ];
  return gridTable(['Гостиница', 'Город, адрес', 'Заезд', 'Выезд'], rows, [3355, 3200, 1400, 1400]);
}

/** «Hotel Gracery Shinjuku (Токио), 01.04.2027–05.04.2027; …», or null without a stay. */
export function staysSentence(trip: DocumentTrip | undefined): string | null {
  const stays = trip?.stays ?? [];
  if (stays.length === 0) return null;
  return stays
    .map(
      (stay) =>
        `${stay.name}${stay.city ? ` (${stay.city})` : ''}, ` +
        `${formatDate(stay.checkIn)}–${formatDate(stay.checkOut)}`,
    )
    .join('; ');
}

interface DocumentMeta {
  title: string;
  company: CompanyDetails;
  children: FileChild[];
}

/** The document on an A4 page with numbered pages, packed in memory (nothing touches the disk). */
export function packDocument({ title, company, children }: DocumentMeta): Promise<Buffer> {
  const header = pageHeader(company);
  const document = new Document({
    title,
    creator: company.name ?? '',
    lastModifiedBy: company.name ?? '',
    styles: {
      default: {
        document: {
          run: { font: FONT, size: 24 },
          paragraph: { spacing: { line: 264 } },
        },
        heading1: {
          run: { font: FONT, size: 28, bold: true, color: '000000' },
          paragraph: { spacing: { before: 240, after: 240 } },
        },
        heading2: {
          run: { font: FONT, size: 24, bold: true, color: '000000' },
          paragraph: { spacing: { before: 240, after: 120 } },
        },
      },
    },
    sections: [
      {
        properties: { page: { size: PAGE, margin: MARGIN } },
        headers: header ? { default: header } : undefined,
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    size: 18,
                    children: ['Страница ', PageNumber.CURRENT, ' из ', PageNumber.TOTAL_PAGES],
                  }),
                ],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(document);
}
