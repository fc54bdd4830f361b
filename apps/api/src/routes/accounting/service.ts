import { sql, type SqlBool } from 'kysely';
import { isCurrency, type Currency, type ValidationErrors } from '@tour/core';
import type { Db } from '../../db/database';
import { forbidden, HttpError, notFound, validationError } from '../../lib/http-errors';
import { findUserInScope } from '../../domain/reach';
import { userScope, type ScopeViewer } from '../../domain/reach';
import { USER_NOT_FOUND } from '../users/user-service';
import { walletsOfUser } from '../../domain/ledger/wallets';
import { canReadWallet, transactionJson, walletJson } from '../wallets/service';
import type { TransactionJson } from '@tour/core/contract/wallets';
import { minorUnitsOf, parseMajorAmount } from '../../lib/amount';
import {
  IDEMPOTENCY_FIELD,
  MOVEMENT_MESSAGES,
  recordMovement,
  replayOf,
  requestHash,
} from '../../domain/ledger/movements';
import { arrivalWallets, findTransaction } from '../../domain/ledger/transactions';
import * as repo from './repository';
import type { PaymentBody } from '@tour/core/contract/accounting';

export const PAYMENT_MESSAGES = {
  walletOrCurrency: 'Укажите кошелёк или валюту',
  walletNotUsers: 'У этого пользователя нет такого кошелька',
  tripPaymentToCompany:
    'Платёж за тур поступает в кассу или на счёт компании; депозит клиента — только для ' +
    'предоплат без тура',
  noArrivalWallet: (currency: Currency) =>
    `Нет кассы или счёта компании в валюте ${currency.toUpperCase()}: заведите кошелёк ` +
    'компании в этой валюте или выберите другую валюту',
  keyMissing:
    'Нужен заголовок Idempotency-Key: свой ключ для каждой новой операции, чтобы повтор ' +
    'запроса не записал её дважды',
  keyInvalid: 'Заголовок Idempotency-Key: от 1 до 200 печатных символов ASCII',
  walletsForbidden: 'Нет доступа к кошелькам этого пользователя',
} as const;

export const RECENT_OPERATIONS = 20;

const KEY_PATTERN = /^[\x20-\x7e]{1,200}$/;

/** The Idempotency-Key header of a request that moves money: required, 1-200 printable ASCII. */
export function idempotencyKeyOf(header: unknown): string {
  const refuse = (message: string) =>
    new HttpError(422, message, { [IDEMPOTENCY_FIELD]: [message] });
  if (header === undefined || header === '') throw refuse(PAYMENT_MESSAGES.keyMissing);
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw refuse(PAYMENT_MESSAGES.keyInvalid);
  }
  return header;
}

/** How a wallet opened for a payment is named: as the demo data names users' deposits. */
export function depositWalletName(currency: Currency): string {
  return currency === 'kgs' ? 'Депозит (сом)' : `Депозит ${currency.toUpperCase()}`;
}

export interface PaymentRequest {
  viewer: ScopeViewer;
  userId: number;
  body: PaymentBody;
  idempotencyKey: string;
  /**
   * A participant's payment (DESIGN.md 3b): linked to its trip and participant, into the company
   * wallet where the money arrived. The caller has checked the participant is the user's on that
   * trip; trips are every staff member's, so the user need not be within the viewer's reach.
   */
  participant?: {
    tripId: number;
    participantId: number;
    /**
     * What makes this payment an overpayment (the participant's paid and expected would exceed
     * its due), in Russian; null when it is not one.
     */
    overpaymentOf: (amountMinor: number, currency: Currency) => Promise<string | null>;
  };
}

/**
 * Where a participant's payment arrived: the company wallet named (a cash desk or a bank
 * account, DESIGN.md 3b), else the cash desk of the payment's currency (or, without one, that
 * currency's oldest company wallet). A client's own wallet is refused: its deposit holds only
 * prepayments not tied to a trip.
 */
async function arrivalWalletOf(
  trx: Db,
  body: PaymentBody,
): Promise<{ id: number; currency: Currency }> {
  if (body.wallet_id !== undefined) {
    const wallet = await repo.walletOfPayment(trx, body.wallet_id);
    if (!wallet) throw validationError({ wallet_id: [MOVEMENT_MESSAGES.walletMissing] });
    if (wallet.type !== 'site') {
      throw validationError({ wallet_id: [PAYMENT_MESSAGES.tripPaymentToCompany] });
    }
    const currency = knownCurrency(wallet.currency);
    if (body.currency !== undefined && body.currency !== currency) {
      throw validationError({ currency: [MOVEMENT_MESSAGES.currencyMismatch] });
    }
    return { id: wallet.id, currency };
  }
  const [first] = await arrivalWallets(trx, body.currency!);
  if (!first) {
    throw validationError({ currency: [PAYMENT_MESSAGES.noArrivalWallet(body.currency!)] });
  }
  return { id: first.id, currency: body.currency! };
}

function knownCurrency(code: string): Currency {
  if (!isCurrency(code)) throw new RangeError(`Неизвестная валюта в базе: ${code}`);
  return code;
}

/**
 * POST /admin/user/:userId/payments: a pending income to one of the user's wallets, the one given
 * or the one in the given currency (opened when the user has none). Runs inside the caller's
 * transaction and holds the user's row from the start, so two payments in a new currency open one
 * wallet, and a retry waits for its twin and answers its operation.
 */
export async function addPayment(trx: Db, request: PaymentRequest): Promise<TransactionJson> {
  const { viewer, userId, body, participant } = request;
  const scope = participant ? () => sql<SqlBool>`true` : userScope(viewer);
  if (!(await repo.lockUserInScope(trx, scope, userId))) {
    throw notFound(USER_NOT_FOUND);
  }

  const errors: ValidationErrors = {};
  const amount = parseMajorAmount(body.amount);
  if ('error' in amount) errors.amount = [amount.error];
  if (body.wallet_id === undefined && body.currency === undefined) {
    errors.wallet_id = [PAYMENT_MESSAGES.walletOrCurrency];
    errors.currency = [PAYMENT_MESSAGES.walletOrCurrency];
  }
  // A NUL character never gets here: plugins/validation.ts refuses it in every text input.
  const comment = body.comment?.trim() || null;
  const idempotency = {
    key: request.idempotencyKey,
    requestHash: requestHash([
      'add_payment',
      userId,
      participant?.participantId ?? null,
      body.wallet_id ?? null,
      body.currency ?? null,
      'error' in amount ? String(body.amount) : amount.toFixed(),
      comment,
      body.overpayment === true,
    ]),
  };
  // A retry answers what its first request did, before anything else is looked at again.
  const earlier = await replayOf(trx, viewer.id, idempotency);
  if (earlier !== null) return answer(trx, earlier);
  if (Object.keys(errors).length > 0 || 'error' in amount) throw validationError(errors);

  if (participant) {
    const wallet = await arrivalWalletOf(trx, body);
    const amountMinor = minorUnitsOf(amount, wallet.currency);
    if (typeof amountMinor !== 'number') throw validationError({ amount: [amountMinor.error] });
    const overpayment = await participant.overpaymentOf(amountMinor, wallet.currency);
    if (overpayment !== null && body.overpayment !== true) {
      throw validationError({ overpayment: [overpayment] }, overpayment);
    }
    const { id } = await recordMovement(trx, {
      kind: 'income',
      walletId: wallet.id,
      amountMinor,
      currency: wallet.currency,
      comment,
      tripId: participant.tripId,
      participantId: participant.participantId,
      createdBy: viewer.id,
      idempotency,
      overpayment: overpayment !== null,
    });
    return answer(trx, id);
  }

  let walletId: number | null = null;
  let currency: Currency;
  if (body.wallet_id !== undefined) {
    const wallet = await repo.userWallet(trx, userId, body.wallet_id);
    if (!wallet) throw validationError({ wallet_id: [PAYMENT_MESSAGES.walletNotUsers] });
    if (!isCurrency(wallet.currency)) {
      throw new RangeError(`Неизвестная валюта в базе: ${wallet.currency}`);
    }
    if (body.currency !== undefined && body.currency !== wallet.currency) {
      throw validationError({ currency: [MOVEMENT_MESSAGES.currencyMismatch] });
    }
    walletId = wallet.id;
    currency = wallet.currency;
  } else {
    currency = body.currency!;
  }
  const amountMinor = minorUnitsOf(amount, currency);
  if (typeof amountMinor !== 'number') throw validationError({ amount: [amountMinor.error] });

  walletId ??=
    (await repo.userWalletInCurrency(trx, userId, currency))?.id ??
    (await repo.openUserWallet(trx, userId, currency, depositWalletName(currency)));

  const { id } = await recordMovement(trx, {
    kind: 'income',
    walletId,
    amountMinor,
    currency,
    comment,
    tripId: null,
    participantId: null,
    createdBy: viewer.id,
    idempotency,
  });
  return answer(trx, id);
}

async function answer(trx: Db, id: number): Promise<TransactionJson> {
  const row = await findTransaction(trx, id);
  if (!row) throw new Error(`Операция ${id} не найдена сразу после записи`);
  return transactionJson(row);
}

/**
 * GET /admin/user/:userId/wallets: the user's wallets and its latest operations. A user out of
 * reach is 404 (as GET /admin/user/:id); a user within reach whose wallets the viewer may not
 * read (canReadWallet: all of them are the user's, so one answer covers them) is 403.
 */
export async function userWallets(db: Db, viewer: ScopeViewer, userId: number) {
  if (!(await findUserInScope(db, userScope(viewer), userId))) throw notFound(USER_NOT_FOUND);
  if (!(await canReadWallet(db, viewer, { type: 'user', user_id: userId }))) {
    throw forbidden(PAYMENT_MESSAGES.walletsForbidden);
  }
  const [wallets, transactions] = await Promise.all([
    walletsOfUser(db, userId),
    repo.recentTransactionsOfUser(db, userId, RECENT_OPERATIONS),
  ]);
  return { wallets: wallets.map(walletJson), transactions: transactions.map(transactionJson) };
}
