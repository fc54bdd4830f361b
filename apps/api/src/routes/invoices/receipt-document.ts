import type { FileChild } from 'docx';
import {
  CURRENCY_LABELS,
  formatAmount,
  formatDate,
  type Currency,
  type ReceiptKind,
} from '@tour/core';
import type { CompanyDetails } from '../../domain/papers/company-details';
import {
  gridTable,
  heading,
  letterhead,
  orBlank,
  packDocument,
  paragraph,
  SHORT_BLANK,
  sideBySide,
  signatureLines,
  TEXT_WIDTH,
} from '../../domain/papers/docx-parts';
import { paperNumberText, type PaperNumber } from '../../domain/papers/numbering';

/** The paper's title by where the money arrived (DESIGN.md 3b: a cash desk or a bank account). */
export const RECEIPT_TITLES: Readonly<Record<ReceiptKind, string>> = {
  cash_order: 'Приходный кассовый ордер',
  bank_confirmation: 'Подтверждение оплаты',
  receipt: 'Квитанция',
};

export interface ReceiptInput {
  kind: ReceiptKind;
  paper: PaperNumber;
  company: CompanyDetails;
  payer: string;
  trip: { title: string; startsOn: string; endsOn: string };
  /** Major units of the payment's own currency. */
  amount: number;
  currency: Currency;
  /** The company wallet the money arrived in: «Касса USD», «Счёт в Оптима Банке». */
  walletName: string;
  /** YYYY-MM-DD, the business day it was confirmed on. */
  confirmedOn: string;
  confirmedBy: string | null;
  comment: string | null;
}

const ARRIVED: Readonly<Record<ReceiptKind, string>> = {
  cash_order: 'Принято в кассу',
  bank_confirmation: 'Зачислено на счёт',
  receipt: 'Зачислено',
};

/** The payment receipt of a tourist's confirmed payment for a trip, as DOCX bytes. */
export function receiptDocument(input: ReceiptInput): Promise<Buffer> {
  const { company, paper, kind } = input;
  const title = `${RECEIPT_TITLES[kind]} ${paperNumberText(paper)}`;
  const amount = formatAmount(input.amount, input.currency);
  const rows: string[][] = [
    ['Принято от', input.payer],
    [
      'Основание',
      `Оплата тура «${input.trip.title}» (с ${formatDate(input.trip.startsOn)} по ` +
        `${formatDate(input.trip.endsOn)}), турист ${input.payer}`,
    ],
    ['Сумма', `${amount} (${CURRENCY_LABELS[input.currency]})`],
    [ARRIVED[kind], input.walletName],
    ['Дата подтверждения', formatDate(input.confirmedOn)],
    ['Подтвердил', orBlank(input.confirmedBy, SHORT_BLANK)],
    ...(input.comment?.trim() ? [['Комментарий', input.comment.trim()]] : []),
  ];
  const signatures =
    kind === 'cash_order'
      ? [
          signatureLines('Главный бухгалтер', SHORT_BLANK),
          signatureLines('Кассир', orBlank(input.confirmedBy, SHORT_BLANK)),
        ]
      : [
          signatureLines(
            orBlank(company.director.position, 'Руководитель'),
            orBlank(company.director.shortName, SHORT_BLANK),
            true,
          ),
          signatureLines('Бухгалтер', orBlank(input.confirmedBy, SHORT_BLANK)),
        ];
  const children: FileChild[] = [
    ...letterhead(company),
    heading(`${RECEIPT_TITLES[kind].toUpperCase()} ${paperNumberText(paper)}`),
    gridTable(['Реквизит', 'Значение'], rows, [3000, TEXT_WIDTH - 3000]),
    paragraph(`Сумма платежа: ${amount}.`, { before: 240, bold: true }),
    sideBySide(signatures),
  ];
  return packDocument({ title: `${title}: ${input.payer}`, company, children });
}
