import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PermissionDataProvider, type PermissionData } from '@tour/shared';
import { OperationPurpose, type OperationPurposeProps } from './operation-purpose';
import { UiProviders } from './ui-providers';

const trip = { id: 17, title: 'Осенний Киото', starts_on: '2027-11-01', ends_on: '2027-11-08' };
const participant = { id: 5, user_id: 41, full_name: 'Иванова Анна' };
const booking = {
  id: 40,
  kind: 'hotel',
  title: 'Sakura, Киото',
  supplier_id: 3,
  supplier_name: 'Sakura Hotels',
};

const ACCOUNTANT: PermissionData = { roles: ['accountant'], permissions: ['accounting_section'] };
const ADMIN: PermissionData = {
  roles: ['admin'],
  permissions: ['accounting_section', 'booking_section'],
};

function show(operation: OperationPurposeProps['operation'], permissions: PermissionData | null) {
  return render(
    <UiProviders>
      <PermissionDataProvider value={permissions}>
        <MemoryRouter>
          <OperationPurpose operation={operation} />
        </MemoryRouter>
      </PermissionDataProvider>
    </UiProviders>,
  );
}

describe('OperationPurpose', () => {
  it("names a participant's payment: the trip with its dates and the tourist, both linked", () => {
    const { container } = show({ trip, participant, booking: null }, ACCOUNTANT);
    expect(screen.getByRole('link', { name: 'Осенний Киото' })).toHaveAttribute(
      'href',
      '/admin/trip/17/summary',
    );
    expect(screen.getByText('01.11.2027–08.11.2027')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Иванова Анна' })).toHaveAttribute(
      'href',
      '/admin/user/41/edit',
    );
    expect(container).toHaveTextContent('Осенний Киото 01.11.2027–08.11.2027Турист: Иванова Анна');
    expect(screen.queryByText('Переплата')).not.toBeInTheDocument();
  });

  it("names a supplier payment's booking and supplier, linked in its month only for booking_section", () => {
    const accountant = show({ trip, participant: null, booking }, ACCOUNTANT);
    expect(accountant.container).toHaveTextContent('Бронь: Sakura, Киото — Sakura Hotels');
    expect(screen.queryByRole('link', { name: 'Sakura, Киото' })).not.toBeInTheDocument();
    accountant.unmount();

    show({ trip, participant: null, booking }, ADMIN);
    expect(screen.getByRole('link', { name: 'Sakura, Киото' })).toHaveAttribute(
      'href',
      '/admin/booking/11-2027/hotels?edit=40',
    );
  });

  it('names a booking without a title by its kind, and one of an unknown kind as plain text', () => {
    const untitled = show({ booking: { ...booking, title: '', supplier_name: null } }, ADMIN);
    expect(untitled.container).toHaveTextContent(/^Бронь: Отели$/);
    untitled.unmount();
    const odd = show({ booking: { ...booking, kind: 'spaceship' } }, ADMIN);
    expect(odd.container).toHaveTextContent('Бронь: Sakura, Киото — Sakura Hotels');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('links nothing for a viewer who may not open the pages, and marks an overpayment', () => {
    const { container } = show({ trip, participant, overpayment: true }, null);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container).toHaveTextContent('Турист: Иванова Анна');
    expect(screen.getByText('Переплата')).toBeInTheDocument();
  });

  it('says a dash when the operation is for nothing of these', () => {
    const { container } = show({ trip: null, participant: null, booking: null }, ACCOUNTANT);
    expect(container).toHaveTextContent(/^—$/);
  });
});
