import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dayjs } from '@tour/shared';
import { fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { renderRoute } from '../testing/render-route';

installFakeApi();

const currentMonth = dayjs().format('MM-YYYY');
const currentLabel = (() => {
  const text = dayjs().format('MMMM YYYY');
  return text.charAt(0).toUpperCase() + text.slice(1);
})();

beforeEach(() => {
  fakeApi.ok('GET /admin/bookings', { ...page([]), totals: [] });
  fakeApi.ok('GET /admin/bookings/dashboard', null);
  fakeApi.ok('GET /admin/trip/5', null);
});

describe('the month navigation', () => {
  it('links to the previous, next and current month of the same page', async () => {
    renderRoute('booking-hotels', { url: '/admin/booking/11-2026/hotels' });
    expect(screen.getByRole('heading', { level: 3, name: 'Ноябрь 2026' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Предыдущий месяц: Октябрь 2026' })).toHaveAttribute(
      'href',
      '/admin/booking/10-2026/hotels',
    );
    expect(screen.getByRole('link', { name: 'Следующий месяц: Декабрь 2026' })).toHaveAttribute(
      'href',
      '/admin/booking/12-2026/hotels',
    );
    if (currentMonth !== '11-2026') {
      expect(screen.getByRole('link', { name: 'Текущий месяц' })).toHaveAttribute(
        'href',
        `/admin/booking/${currentMonth}/hotels`,
      );
    }
    await screen.findByText('Бронирований в этом месяце нет');
  });

  it("keeps the list's filters and leaves the page and the drawer behind", async () => {
    renderRoute('booking-hotels', {
      url: '/admin/booking/11-2026/hotels?trip_id=5&status=confirmed&search=Hilton&page=3&edit=12',
    });
    fakeApi.ok('GET /admin/booking/12', null);
    expect(screen.getByRole('link', { name: 'Предыдущий месяц: Октябрь 2026' })).toHaveAttribute(
      'href',
      '/admin/booking/10-2026/hotels?trip_id=5&status=confirmed&search=Hilton',
    );
    expect(screen.getByRole('link', { name: 'Следующий месяц: Декабрь 2026' })).toHaveAttribute(
      'href',
      '/admin/booking/12-2026/hotels?trip_id=5&status=confirmed&search=Hilton',
    );
    await screen.findByText('Бронирования не найдены');
  });

  it('crosses the year, keeps the query and follows its links', async () => {
    const view = renderRoute('booking-transfer', {
      url: '/admin/booking/12-2026/transfer?status=requested',
    });
    await userEvent.click(screen.getByRole('link', { name: 'Следующий месяц: Январь 2027' }));
    expect(view.location()).toBe('/admin/booking/01-2027/transfer?status=requested');
    expect(screen.getByRole('heading', { level: 3, name: 'Январь 2027' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Следующий месяц: Февраль 2027' })).toHaveAttribute(
      'href',
      '/admin/booking/02-2027/transfer?status=requested',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Предыдущий месяц: Декабрь 2026' }));
    await userEvent.click(screen.getByRole('link', { name: 'Предыдущий месяц: Ноябрь 2026' }));
    expect(view.location()).toBe('/admin/booking/11-2026/transfer?status=requested');
    // Each month asked the server for its own list with the same filter.
    await screen.findByText('Бронирования не найдены');
    expect(
      fakeApi
        .requests('GET /admin/bookings')
        .map(({ params }) => `${params.month} ${params.status}`),
    ).toEqual(
      expect.arrayContaining(['12-2026 requested', '01-2027 requested', '11-2026 requested']),
    );
  });

  it('shows the current month when the URL has none', async () => {
    renderRoute('booking-dashboard', { url: '/admin/booking' });
    expect(screen.getByRole('heading', { level: 3, name: currentLabel })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Текущий месяц' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await screen.findByText('Нет данных общей панели');
  });

  it('warns about a month that is not MM-YYYY and shows the current one', async () => {
    renderRoute('booking-guide', { url: '/admin/booking/13-2026/guide' });
    expect(screen.getByRole('alert')).toHaveTextContent('Месяц в адресе указан неверно');
    expect(screen.getByRole('heading', { level: 3, name: currentLabel })).toBeInTheDocument();
    await screen.findByText('Бронирований в этом месяце нет');
    expect(fakeApi.requests('GET /admin/bookings')[0]!.params.month).toBe(currentMonth);
  });
});
