import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { dayjs, routeByName, ROUTES, type RouteName } from '@tour/shared';
import SectionRoutes from './routes';

function renderAt(routeName: RouteName, url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path={routeByName(routeName).path}
          element={<SectionRoutes routeName={routeName} />}
        />
      </Routes>
    </MemoryRouter>,
  );
}

const OWN = ROUTES.filter((route) => route.app === 'booking');
const currentMonth = dayjs().format('MM-YYYY');
const currentLabel = (() => {
  const text = dayjs().format('MMMM YYYY');
  return text.charAt(0).toUpperCase() + text.slice(1);
})();

describe('SectionRoutes of booking', () => {
  it('covers the dashboard and the seven booking kinds', () => {
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
  });

  it.each(OWN.map((route) => [route.name, route.title]))('%s has the title %s', (name, title) => {
    const url = routeByName(name).path.replace(':date?', '11-2026');
    renderAt(name, url);
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Ноябрь 2026' })).toBeInTheDocument();
    expect(screen.getByText(/появятся вместе с задачей раздела бронирования/)).toBeInTheDocument();
  });

  it('links to the previous, next and current month of the same page', () => {
    renderAt('booking-hotels', '/admin/booking/11-2026/hotels');
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
  });

  it('crosses the year and follows its links', async () => {
    renderAt('booking-transfer', '/admin/booking/12-2026/transfer');
    await userEvent.click(screen.getByRole('link', { name: 'Следующий месяц: Январь 2027' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Январь 2027' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Следующий месяц: Февраль 2027' })).toHaveAttribute(
      'href',
      '/admin/booking/02-2027/transfer',
    );
  });

  it('shows the current month when the URL has none', () => {
    renderAt('booking-dashboard', '/admin/booking');
    expect(screen.getByRole('heading', { level: 3, name: currentLabel })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Текущий месяц' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns about a month that is not MM-YYYY and shows the current one', () => {
    renderAt('booking-guide', '/admin/booking/13-2026/guide');
    expect(screen.getByRole('alert')).toHaveTextContent('Месяц в адресе указан неверно');
    expect(screen.getByRole('heading', { level: 3, name: currentLabel })).toBeInTheDocument();
  });

  it('renders nothing for a route another app owns', () => {
    const { container } = render(
      <MemoryRouter>
        <SectionRoutes routeName="balance-wallets" />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
