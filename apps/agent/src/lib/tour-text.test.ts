import {
  agentTermsText,
  daysText,
  percentText,
  periodText,
  placeText,
  seatsText,
} from './tour-text';

const NBSP = '\u00a0';

describe('tour-text', () => {
  it.each([
    [1, 'день'],
    [2, 'дня'],
    [4, 'дня'],
    [5, 'дней'],
    [11, 'дней'],
    [12, 'дней'],
    [14, 'дней'],
    [21, 'день'],
    [22, 'дня'],
    [111, 'дней'],
  ])('%i %s', (days, word) => {
    expect(daysText(days)).toBe(`${days}${NBSP}${word}`);
  });

  it('words the agent terms: agent price, else commission, else none', () => {
    expect(agentTermsText({ agent_price: 1234.5, agent_commission: null, currency: 'usd' })).toBe(
      `Цена для агента: $1${NBSP}234,50`,
    );
    expect(agentTermsText({ agent_price: null, agent_commission: 7.5, currency: 'usd' })).toBe(
      `Комиссия агента: 7,5${NBSP}%`,
    );
    expect(agentTermsText({ agent_price: null, agent_commission: null, currency: 'kgs' })).toBe(
      'Условия для агента не заданы',
    );
  });

  it('words places, periods, seats and percents', () => {
    expect(placeText({ country: 'Япония', cities: ['Токио', 'Киото'] })).toBe(
      'Япония: Токио, Киото',
    );
    expect(placeText({ country: 'Грузия', cities: [] })).toBe('Грузия');
    expect(periodText('2026-12-01', '2026-12-10')).toBe('01.12.2026 – 10.12.2026');
    expect(periodText(null, null)).toBe('—');
    expect(periodText('2026-12-01', null)).toBe('01.12.2026 – …');
    expect(seatsText({ seats: 20, seats_free: 5 })).toBe('свободно 5 из 20');
    expect(percentText(10)).toBe(`10${NBSP}%`);
  });
});
