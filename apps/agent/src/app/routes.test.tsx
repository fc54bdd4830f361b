import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTES } from '@tour/shared';
import AgentRoutes from './routes';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AgentRoutes />
    </MemoryRouter>,
  );
}

describe('AgentRoutes', () => {
  it('renders the page of a route it owns', () => {
    const [path, title] = ['/admin/agent/tours/tokyo-spring', 'Тур'];
    renderAt(path);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
  });

  it('renders nothing for a route another app owns', () => {
    const { container } = renderAt('/admin/report/tour');
    expect(container).toBeEmptyDOMElement();
  });

  it('owns at least one route of the shared table', () => {
    expect(ROUTES.some((route) => route.app === 'agent')).toBe(true);
  });
});
