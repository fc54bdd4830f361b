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

const OWN = ROUTES.filter((route) => route.app === 'reports');

describe('SectionRoutes of reports', () => {
  it('owns the three reports and the tourists of a trip', () => {
    expect(OWN.map((route) => route.name)).toEqual([
      'report-general',
      'report-general-users',
      'report-tour',
      'report-administrative',
    ]);
  });

  it.each(OWN.map((route) => [route.name, route.title]))('%s has the title %s', (name, title) => {
    renderAt(name, routeByName(name).path.replace(':trip', '12'));
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(
      screen.getByText('Отчет появится вместе с задачей раздела отчетов.'),
    ).toBeInTheDocument();
  });

  it('names the trip of report-general-users and links back to the general report', () => {
    renderAt('report-general-users', '/admin/report/general/12/users');
    expect(screen.getByText('Тур №12')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Общий отчет' })).toHaveAttribute(
      'href',
      '/admin/report/general',
    );
  });

  it('renders nothing for a route another app owns', () => {
    const { container } = render(
      <MemoryRouter>
        <SectionRoutes routeName="agent-tours" />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
