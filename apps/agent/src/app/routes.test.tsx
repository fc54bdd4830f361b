import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { routeByName, ROUTES, type RouteName } from '@tour/shared';
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

const OWN = ROUTES.filter((route) => route.app === 'agent');

describe('SectionRoutes of the agent area', () => {
  it('owns the agent tours, a tour by key and the agent tourists', () => {
    expect(OWN.map((route) => route.name)).toEqual(['agent-tours', 'agent-tour', 'agent-tourists']);
  });

  it.each(OWN.map((route) => [route.name, route.title]))('%s has the title %s', (name, title) => {
    renderAt(name, routeByName(name).path.replace(':key', 'japan-classic'));
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(
      screen.getByText('Экран появится вместе с задачей кабинета агента.'),
    ).toBeInTheDocument();
  });

  it('names the tour of agent-tour and links back to the list', () => {
    renderAt('agent-tour', '/admin/agent/tours/japan-classic');
    expect(screen.getByText('Ключ тура: japan-classic')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Все туры' })).toHaveAttribute(
      'href',
      '/admin/agent/tours',
    );
  });

  it('renders nothing for a route another app owns', () => {
    const { container } = render(
      <MemoryRouter>
        <SectionRoutes routeName="users" />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
