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
