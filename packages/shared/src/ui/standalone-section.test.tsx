import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { SectionRoutesProps } from '@tour/shared';
import { PageFrame } from './page-frame';
import { StandaloneSection } from './standalone-section';

function Section({ routeName }: SectionRoutesProps) {
  return (
    <PageFrame title={`страница ${routeName}`} note="позже" extra={<button>Действие</button>} />
  );
}

describe('StandaloneSection', () => {
  it("renders the app's page for the current path, in a store and a router", () => {
    window.history.pushState({}, '', '/admin/balance/wallets/7');
    render(<StandaloneSection app="accounting" SectionRoutes={Section} home="balance-wallets" />);
    expect(screen.getByRole('heading', { name: 'страница balance-wallet' })).toBeInTheDocument();
    expect(screen.getByText('позже')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Действие' })).toBeInTheDocument();
  });

  it("sends an unknown path to the app's home, inside the given wrapper", () => {
    window.history.pushState({}, '', '/somewhere');
    const Wrapper = ({ children }: { children: ReactNode }) => (
      <div data-testid="wrapper">{children}</div>
    );
    render(
      <StandaloneSection
        app="booking"
        SectionRoutes={Section}
        home="booking-dashboard"
        Wrapper={Wrapper}
      />,
    );
    expect(screen.getByTestId('wrapper')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'страница booking-dashboard' })).toBeInTheDocument();
    expect(window.location.pathname).toMatch(/^\/admin\/booking\/\d{2}-\d{4}$/);
  });
});
