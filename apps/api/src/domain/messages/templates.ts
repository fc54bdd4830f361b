/**
 * The messages' texts, in Russian, signed with the company's name (its requisites; a company not
 * yet named signs nothing rather than a placeholder). Plain text: what every mail reader shows.
 */
export interface MessageText {
  subject: string;
  text: string;
}

function signed(company: string | null, lines: string[]): string {
  return [...lines, '', company ? `С уважением,\n${company}` : 'С уважением'].join('\n');
}

function hello(name: string | null): string {
  return name?.trim() ? `Здравствуйте, ${name.trim()}!` : 'Здравствуйте!';
}

/** To the tourist: their payment was confirmed by the accountant. */
export function paymentConfirmedText(
  company: string | null,
  payment: { fullName: string | null; amount: string; tripTitle: string | null; date: string },
): MessageText {
  const subject = company ? `Платёж подтверждён — ${company}` : 'Платёж подтверждён';
  const what = payment.tripTitle ? ` за тур «${payment.tripTitle}»` : '';
  return {
    subject,
    text: signed(company, [
      hello(payment.fullName),
      '',
      `Ваш платёж ${payment.amount}${what} от ${payment.date} подтверждён.`,
    ]),
  };
}

/** To the agent: their request was received. */
export function requestReceivedText(
  company: string | null,
  request: { agentName: string | null; number: number; summary: string },
): MessageText {
  return {
    subject: `Заявка № ${request.number} получена${company ? ` — ${company}` : ''}`,
    text: signed(company, [
      hello(request.agentName),
      '',
      `Ваша заявка № ${request.number} (${request.summary}) получена, менеджер свяжется с вами.`,
    ]),
  };
}

/** To the agent: their request became a trip. */
export function requestConvertedText(
  company: string | null,
  request: { agentName: string | null; number: number; tripTitle: string },
): MessageText {
  return {
    subject: `Заявка № ${request.number} оформлена в тур${company ? ` — ${company}` : ''}`,
    text: signed(company, [
      hello(request.agentName),
      '',
      `По вашей заявке № ${request.number} оформлен тур «${request.tripTitle}».`,
    ]),
  };
}

/** To the client of a request: its quote («Коммерческое предложение»), the DOCX attached. */
export function quoteText(
  company: string | null,
  quote: {
    contactName: string | null;
    /** «№ 3 от 28.11.2026». */
    paper: string;
    price: string;
    occupancy: string;
    groupSize: number;
    validUntil: string | null;
  },
): MessageText {
  return {
    subject: `Коммерческое предложение ${quote.paper}${company ? ` — ${company}` : ''}`,
    text: signed(company, [
      hello(quote.contactName),
      '',
      `Направляем вам коммерческое предложение ${quote.paper}: ${quote.price} на человека ` +
        `(${quote.occupancy}, группа ${quote.groupSize} чел.). Программа, цены и условия — во ` +
        'вложении.',
      ...(quote.validUntil ? [`Предложение действительно до ${quote.validUntil}.`] : []),
    ]),
  };
}
