import { can, fromMinorUnits, type ReceiptKind } from '@tour/core';
import type { TripPapersJson } from '@tour/core/contract/invoices';
import type { Static } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { storedCurrency } from '../../lib/currency';
import { businessToday } from '../../domain/business-day';
import { reaches, type ScopeViewer } from '../../domain/reach';
import { paperNumber } from '../../domain/papers/numbering';
import { companyDetails } from '../../domain/papers/company-details';
import { DOCX_MIME, safeDocxFileName } from '../../domain/papers/file-name';
import { companyForPrint } from '../company/service';
import * as repo from './repository';
import { receiptDocument, RECEIPT_TITLES } from './receipt-document';
import type { GeneratedPaper } from './invoice-service';

export const RECEIPT_NOT_FOUND = 'Подтверждённый платёж участника тура не найден';

/** The receipt a payment gets by the wallet it arrived in: a cash desk's, a bank account's. */
export function receiptKindOf(wallet: { wallet_kind: 'cash' | 'bank' | null }): ReceiptKind {
  if (wallet.wallet_kind === 'cash') return 'cash_order';
  if (wallet.wallet_kind === 'bank') return 'bank_confirmation';
  return 'receipt';
}

/**
 * Whether a staff member may print a payment's receipt: who sees the company's wallets (the
 * accounting side, where participants' money arrives) any; a sales manager the payments of the
 * tourists it reaches (DESIGN.md 4) and those it recorded itself.
 */
function reachesPayment(viewer: ScopeViewer, payment: repo.PaymentRow): boolean {
  if (can('allow_site_wallets', viewer)) return true;
  if (payment.created_by === viewer.id) return true;
  return reaches(viewer, {
    id: payment.user_id,
    manager_id: payment.manager_id,
    counterparty_id: payment.counterparty_id,
  });
}

/**
 * The receipt of confirmed participant income `transactionId`, numbered in the series receipt
 * (`transaction:<id>`) and dated the business day of its confirmation; a reprint is the same
 * paper. Undefined when the operation is not such an income. In the caller's transaction.
 */
async function receiptOf(
  trx: Db,
  transactionId: number,
  issuedBy: number | null,
  allowed: (payment: repo.PaymentRow) => boolean = () => true,
): Promise<GeneratedPaper | undefined> {
  const payment = await repo.confirmedPayment(trx, transactionId);
  if (!payment || !allowed(payment)) return undefined;
  const confirmedOn = businessToday(payment.confirmed_at!);
  const paper = await paperNumber(
    trx,
    'receipt',
    `transaction:${payment.id}`,
    confirmedOn,
    issuedBy,
  );
  const kind = receiptKindOf(payment);
  const currency = storedCurrency(payment.currency);
  const company = companyDetails(await companyForPrint(trx));
  const render = () =>
    receiptDocument({
      kind,
      paper,
      company,
      payer: payment.full_name,
      trip: { title: payment.title, startsOn: payment.starts_on, endsOn: payment.ends_on },
      amount: fromMinorUnits(payment.amount, currency),
      currency,
      walletName: payment.wallet_name,
      confirmedOn,
      confirmedBy: payment.confirmed_by_name,
      comment: payment.comment,
    });
  return {
    fileName: safeDocxFileName(
      `${RECEIPT_TITLES[kind]} № ${paper.number} - ${payment.full_name}`,
      'Квитанция',
    ),
    asciiFallback: `receipt-${paper.number}.docx`,
    render,
  };
}

/** GET /admin/transaction/:id/receipt: 404 alike for what is not a payment and what is out of reach. */
export async function paymentReceipt(
  trx: Db,
  viewer: ScopeViewer,
  transactionId: number,
): Promise<GeneratedPaper> {
  const receipt = await receiptOf(trx, transactionId, viewer.id, (payment) =>
    reachesPayment(viewer, payment),
  );
  if (!receipt) throw notFound(RECEIPT_NOT_FOUND);
  return receipt;
}

/** A file a message carries. */
export interface MessageAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

const RECEIPT_REF = /^receipt:(\d{1,15})$/;

/**
 * The file an outbox message refers to (`attachment_ref`), made when the message is sent, in a
 * short transaction of its own (the receipt's number is taken there, not under the message's
 * lock while the mail server answers). Throws for a reference it cannot make: the worker then
 * tries again later, as for a failed send.
 */
export async function referencedAttachment(db: Db, ref: string): Promise<MessageAttachment> {
  const match = RECEIPT_REF.exec(ref);
  if (!match) throw new Error(`Неизвестное вложение: ${ref}`);
  const id = Number(match[1]);
  const receipt = await db.transaction().execute((trx) => receiptOf(trx, id, null));
  if (!receipt) throw new Error(`Квитанция не сформирована: платёж ${id} не подтверждён`);
  return { filename: receipt.fileName, content: await receipt.render(), contentType: DOCX_MIME };
}

type TripPapers = Static<typeof TripPapersJson>;

/**
 * GET /admin/trip/:id/papers: the trip's confirmed participant payments whose receipts the viewer
 * may print (none for a viewer who handles no payments), and the agents whose tourists are on it.
 */
export async function tripPapers(db: Db, viewer: ScopeViewer, tripId: number): Promise<TripPapers> {
  const printsReceipts = can('add_payment|accounting_section', viewer);
  const [payments, agents] = await Promise.all([
    printsReceipts ? repo.confirmedPaymentsOfTrip(db, tripId) : Promise.resolve([]),
    repo.agentsOfTrip(db, tripId),
  ]);
  return {
    receipts: payments
      .filter((payment) => reachesPayment(viewer, payment))
      .map((payment) => {
        const currency = storedCurrency(payment.currency);
        return {
          transaction_id: payment.id,
          participant_id: payment.participant_id,
          amount: fromMinorUnits(payment.amount, currency),
          currency,
          confirmed_on: businessToday(payment.confirmed_at!),
          kind: receiptKindOf(payment),
        };
      }),
    agents,
  };
}
