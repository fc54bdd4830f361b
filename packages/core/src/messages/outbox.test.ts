import {
  OUTBOX_DAYS_LABELS,
  OUTBOX_KIND_LABELS,
  OUTBOX_KINDS,
  OUTBOX_KINDS_WITH_DAYS,
  OUTBOX_STATUS_LABELS,
  OUTBOX_STATUSES,
} from './outbox';

describe('the outbox’s names', () => {
  it('labels every kind and every status in Russian', () => {
    for (const kind of OUTBOX_KINDS) expect(OUTBOX_KIND_LABELS[kind]).toMatch(/^[А-Я][а-яё]/);
    for (const status of OUTBOX_STATUSES) {
      expect(OUTBOX_STATUS_LABELS[status]).toMatch(/^[А-Я][а-яё]/);
    }
  });

  it('says what the days of each kind that has them mean', () => {
    expect(OUTBOX_KINDS_WITH_DAYS).toEqual(['payment_due', 'supplier_payment_due']);
    expect(Object.keys(OUTBOX_DAYS_LABELS)).toEqual([...OUTBOX_KINDS_WITH_DAYS]);
  });
});
