import { Type, type Static } from '@sinclair/typebox';
import {
  LEGAL_FORMS,
  LOGO_MAX_BYTES,
  REQUISITE_LABELS,
  REQUISITE_MAX_LENGTH,
  type RequisiteField,
} from '../../company/requisites';

const NullableText = (description: string) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], description });

const LegalFormJson = Type.Unsafe<(typeof LEGAL_FORMS)[number] | null>({
  type: ['string', 'null'],
  enum: [...LEGAL_FORMS, null],
  description: 'osoo — ОсОО, oao — ОАО, zao — ЗАО, ip — ИП',
});

type TextField = Exclude<RequisiteField, 'legal_form'>;
const TEXT_FIELDS = Object.keys(REQUISITE_MAX_LENGTH) as TextField[];

const LogoJson = Type.Object({
  mime: Type.Union([Type.Literal('image/png'), Type.Literal('image/jpeg')]),
  size: Type.Integer({ description: 'Байт' }),
  width: Type.Integer({ description: 'Точек' }),
  height: Type.Integer({ description: 'Точек' }),
  updated_at: Type.String({ format: 'date-time' }),
});

/** GET /admin/company: the requisites, null where nothing is filled in. */
export const CompanyRequisitesJson = Type.Object({
  legal_form: LegalFormJson,
  ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, NullableText(REQUISITE_LABELS[field])])),
  logo: Type.Union([LogoJson, Type.Null()], {
    description: 'Загруженный логотип (само изображение — GET /admin/company/logo) или null',
  }),
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  updated_by_name: Type.Union([Type.String(), Type.Null()]),
});

/**
 * PUT /admin/company: the requisites to keep; a field left out stays as it is, an empty one (or
 * null) is cleared. The lengths are checked by the service with the shared rules (Russian
 * messages naming the requisite); the schema only bounds what a request may carry.
 */
export const CompanyRequisitesBody = Type.Object(
  {
    legal_form: Type.Optional(LegalFormJson),
    ...Object.fromEntries(
      TEXT_FIELDS.map((field) => [
        field,
        Type.Optional(
          Type.Unsafe<string | null>({
            type: ['string', 'null'],
            maxLength: 1000,
            description: `${REQUISITE_LABELS[field]}: до ${REQUISITE_MAX_LENGTH[field]} символов`,
          }),
        ),
      ]),
    ),
  },
  { additionalProperties: false },
);
export type CompanyRequisitesBody = { legal_form?: string | null } & {
  [K in TextField]?: string | null;
};

/** Room for the base64 of the largest logo and a little more (a too large one gets a 422). */
export const LOGO_BASE64_MAX = Math.ceil((LOGO_MAX_BYTES * 2) / 3) * 4;

/** PUT /admin/company/logo. */
export const CompanyLogoBody = Type.Object(
  {
    image: Type.String({
      minLength: 1,
      maxLength: LOGO_BASE64_MAX,
      description: 'Файл PNG или JPEG в base64 (без «data:…;base64,»), до 1 МБ',
    }),
  },
  { additionalProperties: false },
);
export type CompanyLogoBody = Static<typeof CompanyLogoBody>;

/** A 200 answer that is the logo's image. */
export const LogoFile = {
  description: 'Изображение логотипа (PNG или JPEG)',
  content: {
    'image/png': { schema: { type: 'string', format: 'binary' } },
    'image/jpeg': { schema: { type: 'string', format: 'binary' } },
  },
};
