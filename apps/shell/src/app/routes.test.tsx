import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { MainRoutes } from './routes';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <MainRoutes />
    </MemoryRouter>,
  );
}

describe('MainRoutes', () => {
  it('sends /admin to the users page', () => {
    renderAt('/admin');
    expect(screen.getByRole('heading', { name: 'Пользователи' })).toBeInTheDocument();
  });

  it('renders the main section pages', () => {
    renderAt('/admin/user/5/edit');
    expect(
      screen.getByRole('heading', { name: 'Редактирование пользователя' }),
    ).toBeInTheDocument();
  });

  it('renders no remote section', () => {
    const { container } = renderAt('/admin/balance/wallets');
    expect(container).toBeEmptyDOMElement();
  });
});
