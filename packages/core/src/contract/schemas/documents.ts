import { Type, type Static } from '@sinclair/typebox';
import { CURRENCIES, type Currency } from '../../money/currency';
import { maxAmountText, StringEnum } from './common';
import {
  EMBASSY_DOCUMENT_TYPES,
  VISA_TYPES,
  type EmbassyDocumentType,
  type VisaType,
} from './document-options';

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Longest file name the agreement dialog may ask for, in characters. */
export const FILE_NAME_MAX = 150;

// Nullable as `type: [x, 'null']` (see routes/users/schemas.ts): a form may send null for empty.
function nullable<T>(type: 'string' | 'number', options: Record<string, unknown> = {}) {
  return Type.Optional(Type.Unsafe<T | null>({ ...options, type: [type, 'null'] }));
}

/** The trip a document is about: omitted — the tourist's nearest upcoming one; null — none. */
const TripId = Type.Optional(
  Type.Unsafe<number | null>({
    type: ['integer', 'null'],
    minimum: 1,
    maximum: 2 ** 53 - 1,
    description:
      'Тур, по которому документ (id из GET /admin/user/{id}/trips). Не указан — ближайший ' +
      'предстоящий тур туриста (не закончившийся и не отменённый); null — без тура. Тур, в ' +
      'котором турист не участвует, — 422.',
  }),
);

export const UserIdParam = Type.Object({
  userId: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }),
});

/** POST /admin/user/:userId/application-embassy. */
export const EmbassyDocumentBody = Type.Object(
  {
    type: StringEnum(EMBASSY_DOCUMENT_TYPES, {
      description: 'Документ: значение из GET /admin/documents/options (embassyTypes)',
    }),
    visaType: StringEnum(VISA_TYPES, {
      description: 'Категория визы: значение из GET /admin/documents/options (visaTypes)',
    }),
    tripId: TripId,
  },
  { additionalProperties: false },
);
export type EmbassyDocumentBody = Static<typeof EmbassyDocumentBody>;

/** POST /admin/user/:userId/agreement: the file name and what the staff filled in. */
export const AgreementBody = Type.Object(
  {
    fileName: Type.String({
      minLength: 1,
      maxLength: FILE_NAME_MAX,
      description:
        'Имя файла; папки, кавычки, управляющие символы убираются, «.docx» добавляется сам',
    }),
    tripId: TripId,
    contractNumber: nullable<string>('string', { maxLength: 50, description: 'Номер договора' }),
    contractDate: nullable<string>('string', {
      format: 'date',
      description: 'Дата договора, YYYY-MM-DD; по умолчанию сегодня (Бишкек)',
    }),
    destination: nullable<string>('string', {
      maxLength: 200,
      description: 'Страна и города тура',
    }),
    dateFrom: nullable<string>('string', { format: 'date', description: 'Начало тура' }),
    dateTo: nullable<string>('string', { format: 'date', description: 'Окончание тура' }),
    // The bound depends on the currency: checked in the service (agreementErrors).
    price: nullable<number>('number', {
      exclusiveMinimum: 0,
      description:
        'Цена тура в основных единицах валюты (не больше знаков, чем у валюты); не больше ' +
        `предела валюты: ${maxAmountText()}. Больше — 422 с пределом в сообщении.`,
    }),
    currency: Type.Optional(
      Type.Unsafe<Currency | null>({ type: ['string', 'null'], enum: [...CURRENCIES, null] }),
    ),
    paymentTerms: nullable<string>('string', {
      maxLength: 2000,
      description: 'Порядок оплаты; без него — типовой текст с пропусками',
    }),
  },
  { additionalProperties: false },
);
export type AgreementBody = Static<typeof AgreementBody>;

/** `{ value, label }` of a list the server fills from its own values (typed so, sent as strings). */
const OptionJson = <T extends string>() =>
  Type.Object({ value: Type.Unsafe<T>(Type.String()), label: Type.String() });

export const DocumentOptionsJson = Type.Object({
  embassyTypes: Type.Array(OptionJson<EmbassyDocumentType>()),
  visaTypes: Type.Array(OptionJson<VisaType>()),
});

/** A 200 answer that is a DOCX file, for the OpenAPI document. */
export const DocxFile = {
  description: 'Файл DOCX; имя — в Content-Disposition (filename и filename*)',
  content: { [DOCX_MIME]: { schema: { type: 'string', format: 'binary' } } },
};
