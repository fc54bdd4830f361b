import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { routeByName, ROUTES } from '@tour/shared';
import { fakeApi, installFakeApi } from '@tour/shared/testing';
import { generalReport, tripUsers } from '../testing/reports';
import { renderRoute } from '../testing/render-route';
import { administrativeReport } from '../features/administrative-report/testing/administrative-report-fixture';
import SectionRoutes from './routes';

installFakeApi();

const OWN = ROUTES.filter((route) => route.app === 'reports');

beforeEach(() => {
  fakeApi.ok('GET /admin/reports/general', generalReport());
  fakeApi.ok('GET /admin/reports/general/12/users', tripUsers());
  fakeApi.ok('GET /admin/reports/administrative', administrativeReport());
});

describe('SectionRoutes of reports', () => {
  it('owns the three reports and the tourists of a trip', () => {
    expect(OWN.map((route) => route.name)).toEqual([
      'report-general',
      'report-general-users',
      'report-tour',
      'report-administrative',
    ]);
  });

  it.each(OWN.map((route) => [route.name, route.title]))(
    '%s has the title %s',
    async (name, title) => {
      renderRoute(name, { url: routeByName(name).path.replace(':trip', '12') });
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
      if (name === 'report-general') {
        // Let the first data arrive inside the test.
        await screen.findByRole('table', { name: 'Туры' });
      } else if (name === 'report-general-users') {
        await screen.findByRole('table', { name: 'Участники' });
      } else if (name === 'report-tour') {
        expect(screen.getByText('Выберите тур')).toBeInTheDocument();
      } else {
        await screen.findByRole('table', { name: 'По категориям' });
      }
    },
  );

  it('links report-general-users back to the general report', async () => {
    renderRoute('report-general-users', { url: '/admin/report/general/12/users' });
    expect(screen.getByRole('link', { name: '← Общий отчет' })).toHaveAttribute(
      'href',
      '/admin/report/general?currency=kgs',
    );
    await screen.findByRole('table', { name: 'Участники' });
    expect(fakeApi.requests('GET /admin/reports/general/12/users')).toHaveLength(1);
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
