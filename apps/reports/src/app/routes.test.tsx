import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTES } from '@tour/shared';
import ReportsRoutes from './routes';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ReportsRoutes />
    </MemoryRouter>,
  );
}

describe('ReportsRoutes', () => {
  it('renders the page of a route it owns', () => {
    const [path, title] = ['/admin/report/general/3/users', 'Туристы тура'];
    renderAt(path);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
  });

  it('renders nothing for a route another app owns', () => {
    const { container } = renderAt('/admin/agent/tourists');
    expect(container).toBeEmptyDOMElement();
  });

  it('owns at least one route of the shared table', () => {
    expect(ROUTES.some((route) => route.app === 'reports')).toBe(true);
  });
});
