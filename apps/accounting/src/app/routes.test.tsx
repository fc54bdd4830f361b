import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTES } from '@tour/shared';
import AccountingRoutes from './routes';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AccountingRoutes />
    </MemoryRouter>,
  );
}

describe('AccountingRoutes', () => {
  it('renders the page of a route it owns', () => {
    const [path, title] = ['/admin/balance/wallets/7', 'Кошелек'];
    renderAt(path);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
  });

  it('renders nothing for a route another app owns', () => {
    const { container } = renderAt('/admin/booking/11-2026/hotels');
    expect(container).toBeEmptyDOMElement();
  });

  it('owns at least one route of the shared table', () => {
    expect(ROUTES.some((route) => route.app === 'accounting')).toBe(true);
  });
});
