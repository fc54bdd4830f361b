import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTES, type RouteName } from '@tour/shared';
import { fakeApi, page, installFakeApi } from '@tour/shared/testing';
import { renderRoute } from '../testing/render-route';
import SectionRoutes from './routes';

installFakeApi();

const OWN = ROUTES.filter((route) => route.app === 'accounting');

const URLS: Partial<Record<RouteName, string>> = {
  'balance-wallet': '/admin/balance/wallets/7',
  'balance-wallet-edit': '/admin/balance/wallet/7/edit',
};

beforeEach(() => {
  fakeApi.ok('GET /admin/wallets-pagination', page([]));
  fakeApi.ok('GET /admin/wallet/7', null);
  fakeApi.ok('GET /admin/wallets/user', []);
  fakeApi.ok('GET /admin/balance/waitings', page([]));
  fakeApi.ok('GET /admin/balance/operations', { ...page([]), totals: [] });
  fakeApi.ok('GET /admin/balance/categories', []);
  fakeApi.ok('GET /currency-rates', {});
  fakeApi.ok('GET /admin/currency-rates/history', page([]));
  fakeApi.ok('GET /admin/balance/own-pending', []);
  fakeApi.ok('GET /admin/balance/admin-summary', []);
  fakeApi.ok('GET /admin/balance/settings', {
    four_eyes: true,
    updated_by_name: null,
    updated_at: null,
  });
});

describe('SectionRoutes of accounting', () => {
  it('renders every accounting route of the shared table', () => {
    expect(OWN.map((route) => route.name).sort()).toEqual(
      [
        'balance-admin-operations',
        'balance-wallets',
        'balance-wallet',
        'balance-user',
        'balance-waitings',
        'balance-all-operations',
        'balance-rates',
        'balance-wallet-create',
        'balance-wallet-edit',
      ].sort(),
    );
  });

  it.each(OWN.map((route) => [route.name, route.title]))('%s has the title %s', (name, title) => {
    renderRoute(name, { url: URLS[name] });
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  });

  it('renders nothing for a route another app owns', () => {
    const { container } = render(
      <MemoryRouter>
        <SectionRoutes routeName="booking-hotels" />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
