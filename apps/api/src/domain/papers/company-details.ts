import {
  companyFullName,
  companyShortName,
  LEGAL_FORM_NAMES,
  type CompanyRequisiteValues,
} from '@tour/core';

/** A logo as stored: the image and what a paper needs to place it. */
export interface StoredLogo {
  data: Buffer;
  mime: string;
  width: number;
  height: number;
}

/** What every document and export prints of the company: its requisites and its logo. */
export interface CompanyForPrint {
  requisites: CompanyRequisiteValues;
  logo: StoredLogo | null;
}

/**
 * The company as the documents name it, from its requisites (GET /admin/company): the inviting
 * and organising party of embassy documents and the tour operator of agreements. A requisite a
 * document needs and lacks is null here and printed as a line to fill in (the dialog named it
 * first); an optional one (ОКПО, licence, e-mail, logo) is left out when empty.
 */
export interface CompanyDetails {
  /** Short name with the legal form, as running text has it: «ОсОО «Турбюро»». */
  name: string | null;
  /** Full legal name, as an agreement's preamble has it. */
  legalName: string | null;
  city: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  /** Taxpayer number (ИНН). */
  inn: string | null;
  /** National classifier code (ОКПО). */
  okpo: string | null;
  licence: string | null;
  bank: { name: string | null; account: string | null; bic: string | null };
  director: { position: string | null; name: string | null; shortName: string | null };
  /**
   * The company as a party of the agreement's preamble: «Общество … «Турбюро», именуемое в
   * дальнейшем «Туроператор», в лице директора …, действующего на основании Устава»; null parts
   * are the caller's to blank.
   */
  party: { legalName: string | null; representedBy: string | null; basis: string; ip: boolean };
  logo: { data: Buffer; type: 'png' | 'jpg'; width: number; height: number } | null;
}

const text = (value: string | null | undefined) => value?.trim() || null;

/** «Б. М. Асанов» from «Асанов Бакыт Маратович» (a Kyrgyz «уулу»/«кызы» is left out). */
export function initialsOf(fullName: string | null): string | null {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return null;
  const [surname, ...names] = parts;
  const initials = names
    .filter((name) => !/^(уулу|кызы|оглы|кызы)$/i.test(name))
    .map((name) => `${name.charAt(0).toUpperCase()}.`);
  return [...initials, surname].join(' ');
}

/** Whether the director is a woman, by the patronymic («…вна», «…чна», «кызы»). */
function isWoman(fullName: string | null): boolean {
  return /(вна|чна|кызы|гызы)$/i.test((fullName ?? '').trim());
}

/** The company's requisites as the documents print them. */
export function companyDetails({ requisites, logo }: CompanyForPrint): CompanyDetails {
  const r: CompanyRequisiteValues = requisites;
  const named = Boolean(text(r.name));
  const form = r.legal_form ? LEGAL_FORM_NAMES[r.legal_form] : null;
  const fullyNamed = named && form !== null;
  const director = text(r.director_name);
  const genitive = text(r.director_name_genitive);
  return {
    name: named ? companyShortName(r) : null,
    legalName: fullyNamed ? companyFullName(r) : null,
    city: text(r.city),
    address: text(r.address),
    phone: text(r.phone),
    email: text(r.email),
    inn: text(r.inn),
    okpo: text(r.okpo),
    licence: text(r.licence),
    bank: { name: text(r.bank_name), account: text(r.bank_account), bic: text(r.bank_bic) },
    director: {
      position: text(r.director_position),
      name: director,
      shortName: initialsOf(director),
    },
    party: {
      legalName: fullyNamed ? companyFullName(r) : null,
      representedBy: genitive
        ? `${genitive}, ${isWoman(director) ? 'действующей' : 'действующего'} на основании ` +
          (form?.basis ?? 'Устава')
        : null,
      basis: form?.basis ?? 'Устава',
      ip: r.legal_form === 'ip',
    },
    logo: logo
      ? {
          data: logo.data,
          type: logo.mime === 'image/png' ? 'png' : 'jpg',
          width: logo.width,
          height: logo.height,
        }
      : null,
  };
}
