import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useParams } from 'react-router-dom';
import { useCan, type RouteName } from '@tour/shared';
import { renderAtPath, routeRenderer } from './render-route';

// The remotes' route render: the page under the router's match, who is signed in, and the
// location a page navigates to.

function Page() {
  const { id } = useParams();
  const can = useCan();
  return (
    <main>
      <h1>Поездка {id}</h1>
      <p>{can('booking_section') ? 'Бронирование открыто' : 'Бронирования нет'}</p>
      <Link to="/elsewhere?x=1">Дальше</Link>
    </main>
  );
}

describe('renderAtPath', () => {
  it('renders the element at the URL its path matches, and then where it navigates', async () => {
    const view = renderAtPath('/trips/:id', <Page />, {
      url: '/trips/7',
      roles: ['reservation_agent'],
      permissions: ['booking_section'],
    });
    expect(screen.getByRole('heading', { name: 'Поездка 7' })).toBeInTheDocument();
    expect(screen.getByText('Бронирование открыто')).toBeInTheDocument();
    expect(view.location()).toBe('/trips/7');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Дальше' }));
    expect(view.location()).toBe('/elsewhere?x=1');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});

describe('routeRenderer', () => {
  function SectionRoutes({ routeName }: { routeName: RouteName }) {
    return <p>Маршрут {routeName}</p>;
  }
  const renderRoute = routeRenderer(SectionRoutes, {
    roles: ['accountant'],
    permissions: ['accounting_section'],
  });

  it("renders a route at its own path through the section's routes", () => {
    const view = renderRoute('balance-rates');
    expect(screen.getByText('Маршрут balance-rates')).toBeInTheDocument();
    expect(view.location()).toBe('/admin/balance/rates');
  });
});
