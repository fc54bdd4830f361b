import Big from 'big.js';

// The agent's commission as a prepared tour defines it (DESIGN.md 3 «agent price or commission»),
// one rule for the agent's card, its invoices, its acts and its monthly reports.

/** Minor units of `percent` of `minor`, rounded half up to the unit. */
export function percentOf(minor: number, percent: string): number {
  return Number(new Big(minor).times(percent).div(100).round(0, Big.roundHalfUp).toFixed(0));
}

/**
 * The agent's part of one tourist's due (minor units of the trip's currency): the tour's
 * commission percent of the due, or the due less the agent price (only when the tour is priced in
 * the trip's currency); null when the tour sets neither (or the trip has no prepared tour).
 */
export function agentCommission(
  dueMinor: number,
  terms: {
    agent_commission: string | null;
    agent_price: number | null;
    tour_currency: string | null;
  },
  tripCurrency: string,
): number | null {
  if (terms.agent_commission !== null) return percentOf(dueMinor, terms.agent_commission);
  if (terms.agent_price !== null && terms.tour_currency === tripCurrency) {
    return dueMinor - terms.agent_price;
  }
  return null;
}
