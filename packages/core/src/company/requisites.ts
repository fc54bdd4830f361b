import { isPhoneNumber, PHONE_MESSAGE } from '../contacts/phone';

// The company's requisites (DESIGN.md 9): one record, kept by those with create_admin, printed on
// every document and export. The rules live here once: the API checks a save with them, the
// requisites screen checks its fields before sending, and the documents dialog names what a
// document would print blank.

/** Legal forms of a Kyrgyz business, as a document writes them in short and in full. */
export const LEGAL_FORMS = ['osoo', 'oao', 'zao', 'ip'] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];

export const LEGAL_FORM_NAMES: Readonly<
  Record<LegalForm, { short: string; full: string; quoted: boolean; basis: string }>
> = {
  osoo: {
    short: 'ОсОО',
    full: 'Общество с ограниченной ответственностью',
    quoted: true,
    basis: 'Устава',
  },
  oao: { short: 'ОАО', full: 'Открытое акционерное общество', quoted: true, basis: 'Устава' },
  zao: { short: 'ЗАО', full: 'Закрытое акционерное общество', quoted: true, basis: 'Устава' },
  ip: {
    short: 'ИП',
    full: 'Индивидуальный предприниматель',
    quoted: false,
    basis: 'свидетельства о государственной регистрации',
  },
};

export function isLegalForm(value: unknown): value is LegalForm {
  return typeof value === 'string' && (LEGAL_FORMS as readonly string[]).includes(value);
}

/** The text fields of the requisites, in the order the screen shows them. */
export const REQUISITE_FIELDS = [
  'legal_form',
  'name',
  'inn',
  'okpo',
  'licence',
  'city',
  'address',
  'phone',
  'email',
  'bank_name',
  'bank_account',
  'bank_bic',
  'director_position',
  'director_name',
  'director_name_genitive',
] as const;
export type RequisiteField = (typeof REQUISITE_FIELDS)[number];

/** What a requisite is called on the screen and in the documents dialog. */
export const REQUISITE_LABELS: Readonly<Record<RequisiteField | 'logo', string>> = {
  legal_form: 'Организационно-правовая форма',
  name: 'Название',
  inn: 'ИНН',
  okpo: 'ОКПО',
  licence: 'Лицензия',
  city: 'Город',
  address: 'Юридический адрес',
  phone: 'Телефон',
  email: 'Электронная почта',
  bank_name: 'Банк',
  bank_account: 'Расчётный счёт',
  bank_bic: 'БИК банка',
  director_position: 'Должность руководителя',
  director_name: 'ФИО руководителя',
  director_name_genitive: 'В лице (для договора)',
  logo: 'Логотип',
};

/** Longest text each requisite may hold. */
export const REQUISITE_MAX_LENGTH: Readonly<Record<Exclude<RequisiteField, 'legal_form'>, number>> =
  {
    name: 200,
    inn: 14,
    okpo: 8,
    licence: 300,
    city: 100,
    address: 300,
    phone: 50,
    email: 254,
    bank_name: 200,
    bank_account: 16,
    bank_bic: 6,
    director_position: 100,
    director_name: 150,
    director_name_genitive: 150,
  };

/** The requisites as GET /api/admin/company returns them; null where nothing is filled in. */
export type CompanyRequisiteValues = { legal_form: LegalForm | null } & {
  [K in Exclude<RequisiteField, 'legal_form'>]: string | null;
};

/** The stored logo: what the screen shows of it (the image itself: GET /api/admin/company/logo). */
export interface CompanyLogoInfo {
  mime: 'image/png' | 'image/jpeg';
  size: number;
  width: number;
  height: number;
  updated_at: string;
}

export interface CompanyRequisites extends CompanyRequisiteValues {
  logo: CompanyLogoInfo | null;
  updated_at: string | null;
  updated_by_name: string | null;
}

/** The documents the company signs, each needing its own requisites. */
export type CompanyDocument = 'agreement' | 'embassy';

const EVERY_DOCUMENT: readonly RequisiteField[] = [
  'legal_form',
  'name',
  'inn',
  'address',
  'phone',
  'director_position',
  'director_name',
];

/**
 * The requisites a document prints and cannot do without (a blank would go to a client or an
 * embassy). The others (ОКПО, licence, e-mail, logo) are printed when filled in and left out
 * otherwise, never as a blank.
 */
export const REQUIRED_REQUISITES: Readonly<Record<CompanyDocument, readonly RequisiteField[]>> = {
  embassy: EVERY_DOCUMENT,
  agreement: [
    ...EVERY_DOCUMENT,
    'city',
    'bank_name',
    'bank_account',
    'bank_bic',
    'director_name_genitive',
  ],
};

const filled = (value: string | null | undefined) => Boolean(value?.trim());

/** The requisites `document` needs that are not filled in, in screen order. */
export function missingRequisites(
  requisites: Partial<CompanyRequisiteValues> | null | undefined,
  document: CompanyDocument,
): RequisiteField[] {
  const required = REQUIRED_REQUISITES[document];
  return REQUISITE_FIELDS.filter(
    (field) => required.includes(field) && !filled(requisites?.[field] ?? null),
  );
}

/** «ИНН, Банк»: the names of missing requisites, as the documents dialog lists them. */
export function requisiteNames(fields: readonly RequisiteField[]): string {
  return fields.map((field) => REQUISITE_LABELS[field]).join(', ');
}

function bareName(name: string): string {
  return name.trim().replace(/^[«"„“']+|[»"“”']+$/g, '');
}

/** «ОсОО «Турбюро»», or the name alone without a legal form. */
export function companyShortName(requisites: Partial<CompanyRequisiteValues>): string {
  const name = requisites.name ? bareName(requisites.name) : '';
  const form = requisites.legal_form ? LEGAL_FORM_NAMES[requisites.legal_form] : null;
  if (!form) return name;
  return form.quoted ? `${form.short} «${name}»` : `${form.short} ${name}`;
}

/** «Общество с ограниченной ответственностью «Турбюро»», as an agreement's preamble puts it. */
export function companyFullName(requisites: Partial<CompanyRequisiteValues>): string {
  const name = requisites.name ? bareName(requisites.name) : '';
  const form = requisites.legal_form ? LEGAL_FORM_NAMES[requisites.legal_form] : null;
  if (!form) return name;
  return form.quoted ? `${form.full} «${name}»` : `${form.full} ${name}`;
}

/** Digits only, exactly `count` of them: INN, OKPO, BIC, account. */
const DIGITS: Partial<Record<RequisiteField, number>> = {
  inn: 14,
  okpo: 8,
  bank_bic: 6,
  bank_account: 16,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const REQUISITE_MESSAGES = {
  digits: (label: string, count: number) => `${label} — ${count} цифр, без пробелов`,
  email: 'Неверный адрес электронной почты',
  phone: PHONE_MESSAGE,
  legalForm: 'Выберите форму из списка',
  tooLong: (max: number) => `Не больше ${max} символов`,
} as const;

/**
 * What is wrong with one requisite as typed (trimmed; empty is allowed: the documents dialog
 * names what a document lacks); null when it is fine.
 */
export function requisiteError(
  field: RequisiteField,
  value: string | null | undefined,
): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (field === 'legal_form') return isLegalForm(text) ? null : REQUISITE_MESSAGES.legalForm;
  const max = REQUISITE_MAX_LENGTH[field];
  if (text.length > max) return REQUISITE_MESSAGES.tooLong(max);
  const digits = DIGITS[field];
  if (digits !== undefined && !new RegExp(`^\\d{${digits}}$`).test(text)) {
    return REQUISITE_MESSAGES.digits(REQUISITE_LABELS[field], digits);
  }
  if (field === 'email' && !EMAIL.test(text)) return REQUISITE_MESSAGES.email;
  if (field === 'phone' && !isPhoneNumber(text)) return REQUISITE_MESSAGES.phone;
  return null;
}

/** The logo's limits: PNG or JPEG, at most 1 MB and 4 000 px a side. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_MAX_SIDE = 4000;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export const LOGO_MESSAGES = {
  type: 'Логотип — изображение PNG или JPEG',
  size: 'Логотип — не больше 1 МБ',
  side: `Логотип — не больше ${LOGO_MAX_SIDE} точек по каждой стороне`,
  empty: 'Выберите файл логотипа',
} as const;
