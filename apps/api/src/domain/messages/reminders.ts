import { formatDate, plural } from '@tour/core';
import type { MessageText } from './templates';

/**
 * The texts of the daily round's messages (round.ts), in Russian, signed with the company's name
 * as the events' texts are (templates.ts). Amounts come formatted (formatAmount), dates as
 * YYYY-MM-DD and are printed DD.MM.YYYY.
 */

function signed(company: string | null, lines: string[]): string {
  return [...lines, '', company ? `С уважением,\n${company}` : 'С уважением'].join('\n');
}

function hello(name: string | null): string {
  return name?.trim() ? `Здравствуйте, ${name.trim()}!` : 'Здравствуйте!';
}

const byCompany = (subject: string, company: string | null) =>
  company ? `${subject} — ${company}` : subject;

const DAYS = ['день', 'дня', 'дней'] as const;

/** A tourist's debt for a trip: the tourist, the trip, what is owed and by when. */
export interface TouristDebt {
  touristName: string;
  touristEmail: string | null;
  managerName: string | null;
  tripTitle: string;
  startsOn: string;
  endsOn: string;
  /** The day the trip must be paid by (its start: a participant has no due date of its own). */
  dueOn: string;
  /** Days from today to `dueOn` (0 on the day itself). */
  daysLeft: number;
  due: string;
  paid: string;
  debt: string;
}

const tripLine = (debt: TouristDebt) =>
  `тур «${debt.tripTitle}» (${formatDate(debt.startsOn)} — ${formatDate(debt.endsOn)})`;

const moneyLine = (debt: TouristDebt) =>
  `Стоимость ${debt.due}, оплачено ${debt.paid}, остаток к оплате ${debt.debt}.`;

/** To the tourist: its trip is to be paid by its start, N days away. */
export function paymentDueText(company: string | null, debt: TouristDebt): MessageText {
  const when =
    debt.daysLeft === 0
      ? 'сегодня'
      : `через ${plural(debt.daysLeft, DAYS)}, ${formatDate(debt.dueOn)}`;
  return {
    subject: byCompany(`Напоминание об оплате тура «${debt.tripTitle}»`, company),
    text: signed(company, [
      hello(debt.touristName),
      '',
      `Напоминаем: ${tripLine(debt)} начинается ${when}; оплатить его нужно до ${formatDate(debt.dueOn)}.`,
      moneyLine(debt),
    ]),
  };
}

/** To the tourist's manager: the same debt, who owes it and how to reach them. */
export function paymentDueManagerText(company: string | null, debt: TouristDebt): MessageText {
  return {
    subject: `Срок оплаты ${formatDate(debt.dueOn)}: ${debt.touristName}, тур «${debt.tripTitle}»`,
    text: signed(company, [
      hello(debt.managerName),
      '',
      `Турист ${debt.touristName} должен оплатить ${tripLine(debt)} до ${formatDate(debt.dueOn)}.`,
      moneyLine(debt),
      debt.touristEmail ? `Почта туриста: ${debt.touristEmail}.` : 'Почта у туриста не указана.',
    ]),
  };
}

/** To the tourist: the trip's payment day has passed with a debt left. */
export function paymentOverdueText(company: string | null, debt: TouristDebt): MessageText {
  return {
    subject: byCompany(`Оплата тура «${debt.tripTitle}» просрочена`, company),
    text: signed(company, [
      hello(debt.touristName),
      '',
      `Срок оплаты за ${tripLine(debt)} — ${formatDate(debt.dueOn)} — прошёл.`,
      moneyLine(debt),
      'Пожалуйста, внесите оплату или свяжитесь с вашим менеджером.',
    ]),
  };
}

/** To the tourist's manager: the same overdue debt. */
export function paymentOverdueManagerText(company: string | null, debt: TouristDebt): MessageText {
  return {
    subject: `Просрочена оплата: ${debt.touristName}, тур «${debt.tripTitle}»`,
    text: signed(company, [
      hello(debt.managerName),
      '',
      `Турист ${debt.touristName} не оплатил ${tripLine(debt)}: срок был ${formatDate(debt.dueOn)}.`,
      moneyLine(debt),
      debt.touristEmail ? `Почта туриста: ${debt.touristEmail}.` : 'Почта у туриста не указана.',
    ]),
  };
}

/** To the trip's manager: a traveller's passport runs out too soon after the trip's end. */
export function passportExpiringText(
  company: string | null,
  passport: {
    managerName: string | null;
    touristName: string;
    tripTitle: string;
    startsOn: string;
    endsOn: string;
    expiresOn: string;
    /** The trip's end plus 6 months: the day the passport must still be valid on. */
    validUntil: string;
  },
): MessageText {
  return {
    subject: `Паспорт туриста ${passport.touristName} истекает ${formatDate(passport.expiresOn)} — тур «${passport.tripTitle}»`,
    text: signed(company, [
      hello(passport.managerName),
      '',
      `Паспорт туриста ${passport.touristName} действителен до ${formatDate(passport.expiresOn)}, ` +
        `а тур «${passport.tripTitle}» (${formatDate(passport.startsOn)} — ` +
        `${formatDate(passport.endsOn)}) заканчивается раньше чем за 6 месяцев до этого: ` +
        `паспорт должен действовать до ${formatDate(passport.validUntil)}.`,
      'Попросите туриста заменить паспорт и внесите новые данные в его карточку.',
    ]),
  };
}

/** To reservations: a booking's supplier is to be paid by its due date. */
export function supplierPaymentDueText(
  company: string | null,
  booking: {
    recipientName: string | null;
    supplierName: string;
    bookingTitle: string;
    tripTitle: string;
    dueOn: string;
    daysLeft: number;
    cost: string;
    paid: string;
    debt: string;
  },
): MessageText {
  const when = booking.daysLeft === 0 ? 'сегодня' : `через ${plural(booking.daysLeft, DAYS)}`;
  return {
    subject: `Оплата поставщику «${booking.supplierName}» до ${formatDate(booking.dueOn)}: ${booking.bookingTitle}`,
    text: signed(company, [
      hello(booking.recipientName),
      '',
      `Срок оплаты брони «${booking.bookingTitle}» (тур «${booking.tripTitle}») поставщику ` +
        `«${booking.supplierName}» — ${formatDate(booking.dueOn)}, ${when}.`,
      `Стоимость ${booking.cost}, оплачено ${booking.paid}, остаток к оплате ${booking.debt}.`,
    ]),
  };
}
