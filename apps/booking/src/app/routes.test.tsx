import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTES } from '@tour/shared';
import { fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { renderRoute } from '../testing/render-route';
import SectionRoutes from './routes';

installFakeApi();

const OWN = ROUTES.filter((route) => route.app === 'booking');

beforeEach(() => {
  fakeApi.ok('GET /admin/bookings', {
    ...page([]),
    month: '11-2026',
    first_day: '2026-11-01',
    last_day: '2026-11-30',
    totals: [],
  });
  fakeApi.ok('GET /admin/bookings/dashboard', null);
  fakeApi.ok('GET /admin/suppliers', page([]));
});

describe('SectionRoutes of booking', () => {
  it('covers the dashboard, the seven booking kinds and the suppliers', () => {
    expect(OWN.filter((route) => route.sidebar).map((route) => route.title)).toEqual([
      'Общая панель',
      'Отели',
      'Авиабилеты',
      'Мед. страховка',
      'Трансфер',
      'Гид/Сопровождение',
      'Входные билеты',
      'Прочие расходы',
    ]);
    expect(OWN.filter((route) => !route.sidebar).map((route) => route.name)).toEqual([
      'booking',
      'booking-suppliers',
    ]);
  });

  it.each(OWN.filter((route) => route.name !== 'booking').map((r) => [r.name, r.title]))(
    '%s has the title %s',
    async (name, title) => {
      const route = ROUTES.find((r) => r.name === name)!;
      renderRoute(name, { url: route.path.replace(':date?', '11-2026') });
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
      if (name !== 'booking-suppliers') {
        expect(screen.getByRole('heading', { level: 3, name: 'Ноябрь 2026' })).toBeInTheDocument();
      }
      // Let the first data arrive inside the test.
      await screen.findByText(
        name === 'booking-dashboard'
          ? 'Нет данных общей панели'
          : name === 'booking-suppliers'
            ? 'Поставщиков пока нет'
            : 'Бронирований в этом месяце нет',
      );
    },
  );

  it('renders nothing for a route another app owns', () => {
    const { container } = render(
      <MemoryRouter>
        <SectionRoutes routeName="balance-wallets" />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
