import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { routeByName, ROUTES } from '@tour/shared';
import { fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { aigul, japan, japanDetail } from '../testing/agent';
import { renderRoute } from '../testing/render-route';
import SectionRoutes from './routes';

installFakeApi();

const OWN = ROUTES.filter((route) => route.app === 'agent');

beforeEach(() => {
  fakeApi.ok('GET /agent/tours', page([japan()]));
  fakeApi.ok('GET /agent/tours/countries', ['Япония']);
  fakeApi.ok('GET /agent/tours/japan-classic', japanDetail());
  fakeApi.ok('GET /agent/tourists', page([aigul()]));
});

describe('SectionRoutes of the agent area', () => {
  it('owns the agent tours, a tour by key and the agent tourists', () => {
    expect(OWN.map((route) => route.name)).toEqual(['agent-tours', 'agent-tour', 'agent-tourists']);
  });

  it('renders agent-tours under its title, with the tours', async () => {
    renderRoute('agent-tours');
    expect(screen.getByRole('heading', { level: 2, name: 'Туры' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Классическая Япония' })).toHaveAttribute(
      'href',
      '/admin/agent/tours/japan-classic',
    );
  });

  it('renders agent-tour under its title while it loads, then under the tour’s', async () => {
    renderRoute('agent-tour', { url: '/admin/agent/tours/japan-classic' });
    expect(screen.getByRole('heading', { level: 2, name: 'Тур' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Все туры' })).toHaveAttribute(
      'href',
      '/admin/agent/tours',
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Классическая Япония' }),
    ).toBeInTheDocument();
  });

  it('renders agent-tourists under its title, with the tourists', async () => {
    renderRoute('agent-tourists', { url: routeByName('agent-tourists').path });
    expect(screen.getByRole('heading', { level: 2, name: 'Туристы' })).toBeInTheDocument();
    expect(await screen.findByText('Асанова Айгуль')).toBeInTheDocument();
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
