import { Type, type Static } from '@sinclair/typebox';
import { CURRENCIES } from '../../money/currency';
import { StringEnum } from './common';

// «Акт сверки взаимных расчётов» with a supplier or an agent, and «Отчёт агента» for a month
// (issue 32): files, asked for with a query, answered as XLSX or DOCX.

export const PAPER_FORMATS = ['xlsx', 'docx'] as const;
export type PaperFormat = (typeof PAPER_FORMATS)[number];

const Day = (description: string) => Type.String({ format: 'date', description });

const Format = StringEnum(PAPER_FORMATS, {
  description: 'Формат файла: xlsx (для проверки) или docx (для подписи)',
});

/** GET …/act: a period and one currency (an act per currency). */
export const ReconciliationActQuery = Type.Object(
  {
    from: Day('Начало периода, YYYY-MM-DD (включительно)'),
    to: Day('Конец периода, YYYY-MM-DD (включительно); не раньше начала'),
    currency: StringEnum(CURRENCIES, {
      description: 'Валюта акта: акт составляется отдельно по каждой валюте расчётов',
    }),
    format: Format,
  },
  { additionalProperties: false },
);
export type ReconciliationActQuery = Static<typeof ReconciliationActQuery>;

/** GET …/report: a month, YYYY-MM. */
export const AgentReportQuery = Type.Object(
  {
    month: Type.String({
      pattern: '^\\d{4}-(0[1-9]|1[0-2])$',
      description: 'Месяц ГГГГ-ММ: туры, начинающиеся в этом месяце',
    }),
    format: Format,
  },
  { additionalProperties: false },
);
export type AgentReportQuery = Static<typeof AgentReportQuery>;

/** The answer of a file route (OpenAPI): the bytes, named in Content-Disposition. */
export const PaperFile = {
  description: 'Файл XLSX или DOCX; имя — в Content-Disposition (filename и filename*)',
  content: {
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: { type: 'string', format: 'binary' },
    },
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
      schema: { type: 'string', format: 'binary' },
    },
  },
};
