import {
  CURRENCY_PRECISION,
  exceedsMaxAmount,
  maxAmountMessage,
  toMinorUnits,
  type ValidationErrors,
} from '@tour/shared';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { notFound, validationError } from '../../lib/http-errors';
import { businessToday } from '../rates/service';
import { findUserInScope } from '../users/user-repository';
import { userScope, type ScopeViewer } from '../users/user-scope';
import { USER_NOT_FOUND } from '../users/user-service';
import { agreementDocument } from './agreement-document';
import { COMPANY } from './company';
import { personOf } from './document-data';
import { embassyDocument } from './embassy-document';
import { safeDocxFileName } from './file-name';
import { EMBASSY_DOCUMENT_LABELS } from './options';
import type { AgreementBody, EmbassyDocumentBody } from './schemas';

export const MESSAGES = {
  required: 'Обязательное поле',
  currencyRequired: 'Укажите валюту цены',
  priceWhole: 'Цена в этой валюте указывается целым числом',
  priceDecimals: (decimals: number) => `Не больше ${decimals} знаков после запятой`,
  datesReversed: 'Окончание тура не может быть раньше его начала',
} as const;

/** A generated file: its safe Unicode name, an ASCII name for old clients, its bytes. */
export interface GeneratedDocument {
  fileName: string;
  asciiFallback: string;
  content: Buffer;
}

/** The user, or 404 when it is missing or out of the viewer's reach alike (as GET /admin/user). */
async function reachableUser(db: Db, viewer: ScopeViewer, userId: number): Promise<UserRow> {
  const user = await findUserInScope(db, userScope(viewer), userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/** POST /admin/user/:userId/application-embassy. */
export async function generateEmbassyDocument(
  db: Db,
  viewer: ScopeViewer,
  userId: number,
  body: EmbassyDocumentBody,
): Promise<GeneratedDocument> {
  const user = await reachableUser(db, viewer, userId);
  const content = await embassyDocument({
    type: body.type,
    visaType: body.visaType,
    person: personOf(user),
    company: COMPANY,
    date: businessToday(),
  });
  return {
    fileName: safeDocxFileName(
      `${EMBASSY_DOCUMENT_LABELS[body.type]} - ${user.full_name}`,
      body.type,
    ),
    asciiFallback: `${body.type}.docx`,
    content,
  };
}

/** The rules of an agreement's body the schema cannot state; empty when it is fine. */
export function agreementErrors(body: AgreementBody): ValidationErrors {
  const errors: ValidationErrors = {};
  if (!body.fileName.trim()) errors.fileName = [MESSAGES.required];
  if (typeof body.price === 'number') {
    if (!body.currency) {
      errors.currency = [MESSAGES.currencyRequired];
    } else if (exceedsMaxAmount(body.price, body.currency)) {
      errors.price = [maxAmountMessage(body.currency)];
    } else {
      try {
        toMinorUnits(body.price, body.currency);
      } catch {
        const decimals = CURRENCY_PRECISION[body.currency];
        errors.price = [decimals === 0 ? MESSAGES.priceWhole : MESSAGES.priceDecimals(decimals)];
      }
    }
  }
  if (body.dateFrom && body.dateTo && body.dateTo < body.dateFrom) {
    errors.dateTo = [MESSAGES.datesReversed];
  }
  return errors;
}

/** POST /admin/user/:userId/agreement. */
export async function generateAgreement(
  db: Db,
  viewer: ScopeViewer,
  userId: number,
  body: AgreementBody,
): Promise<GeneratedDocument> {
  const errors = agreementErrors(body);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const user = await reachableUser(db, viewer, userId);
  const price =
    typeof body.price === 'number' && body.currency
      ? { amount: body.price, currency: body.currency }
      : null;
  const content = await agreementDocument({
    person: personOf(user),
    company: COMPANY,
    date: body.contractDate ?? businessToday(),
    number: body.contractNumber,
    destination: body.destination,
    dateFrom: body.dateFrom,
    dateTo: body.dateTo,
    price,
    paymentTerms: body.paymentTerms,
  });
  return {
    fileName: safeDocxFileName(body.fileName, 'Договор'),
    asciiFallback: 'agreement.docx',
    content,
  };
}
