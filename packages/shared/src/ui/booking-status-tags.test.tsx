import { render, screen } from '@testing-library/react';
import { BookingStatusTag, PaymentStateTag } from './booking-status-tags';

// A booking's status and payment state as the booking section and the trip summary show them.

describe('BookingStatusTag', () => {
  it.each([
    ['requested', 'Запрошено', 'ant-tag-gold'],
    ['confirmed', 'Подтверждено', 'ant-tag-green'],
    ['cancelled', 'Отменено', null],
  ] as const)('shows %s as «%s» in its colour', (status, label, colorClass) => {
    render(<BookingStatusTag status={status} />);
    const tag = screen.getByText(label);
    if (colorClass) expect(tag).toHaveClass(colorClass);
    else expect(tag.className).not.toMatch(/ant-tag-(gold|green|red)/);
  });
});

describe('PaymentStateTag', () => {
  it('shows a payment state’s label in its colour', () => {
    render(<PaymentStateTag state="partly_paid" />);
    expect(screen.getByText('Частично оплачено')).toHaveClass('ant-tag-orange');
  });
});
