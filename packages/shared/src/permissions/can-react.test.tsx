import '@testing-library/jest-dom';
import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { MaybePermissionData } from '@tour/core';
import { Can, PermissionDataProvider, useCan, useIs, usePermissionData } from './can-react';

const accountant = { roles: ['accountant'], permissions: ['accounting_section', 'report_section'] };

function withData(value: MaybePermissionData) {
  return ({ children }: { children: ReactNode }) => (
    <PermissionDataProvider value={value}>{children}</PermissionDataProvider>
  );
}

describe('<Can>', () => {
  it('renders its children when the expression is met', () => {
    render(
      <PermissionDataProvider value={accountant}>
        <Can I="booking_section|accounting_section" else={<p>Нет доступа</p>}>
          <button>Кошельки</button>
        </Can>
      </PermissionDataProvider>,
    );
    expect(screen.getByRole('button', { name: 'Кошельки' })).toBeInTheDocument();
    expect(screen.queryByText('Нет доступа')).not.toBeInTheDocument();
  });

  it('renders the fallback when the expression is not met', () => {
    render(
      <PermissionDataProvider value={accountant}>
        <Can I="accounting_section&create_admin" else={<p>Нет доступа</p>}>
          <button>Создать администратора</button>
        </Can>
      </PermissionDataProvider>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Нет доступа')).toBeInTheDocument();
  });

  it('renders nothing without a fallback', () => {
    const { container } = render(
      <PermissionDataProvider value={accountant}>
        <Can I="booking_section">
          <button>Отели</button>
        </Can>
      </PermissionDataProvider>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('allows nothing without a provider or when signed out', () => {
    const { container, rerender } = render(
      <Can I="accounting_section">
        <button>Кошельки</button>
      </Can>,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(
      <PermissionDataProvider value={0}>
        <Can I="accounting_section">
          <button>Кошельки</button>
        </Can>
      </PermissionDataProvider>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('follows new data from the provider', () => {
    const tree = (value: MaybePermissionData) => (
      <PermissionDataProvider value={value}>
        <Can I="report_section">
          <a href="/admin/report/general">Общий отчет</a>
        </Can>
      </PermissionDataProvider>
    );
    const { rerender } = render(tree(accountant));
    expect(screen.getByRole('link', { name: 'Общий отчет' })).toBeInTheDocument();
    rerender(tree({ roles: ['accountant'], permissions: [] }));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('hooks', () => {
  it('useCan checks permissions of the provided data', () => {
    const { result } = renderHook(() => useCan(), { wrapper: withData(accountant) });
    expect(result.current('report_section')).toBe(true);
    expect(result.current('booking_section')).toBe(false);
    expect(result.current('accountant')).toBe(false);
  });

  it('useIs checks roles of the provided data', () => {
    const { result } = renderHook(() => useIs(), { wrapper: withData(accountant) });
    expect(result.current('accountant|admin')).toBe(true);
    expect(result.current('counterparty')).toBe(false);
  });

  it('keeps the same check function while the data is unchanged', () => {
    const { result, rerender } = renderHook(() => [useCan(), useIs()], {
      wrapper: withData(accountant),
    });
    const [firstCan, firstIs] = result.current;
    rerender();
    expect(result.current[0]).toBe(firstCan);
    expect(result.current[1]).toBe(firstIs);
  });

  it('usePermissionData returns the provided data, null without a provider', () => {
    expect(
      renderHook(() => usePermissionData(), { wrapper: withData(accountant) }).result.current,
    ).toBe(accountant);
    expect(renderHook(() => usePermissionData()).result.current).toBeNull();
  });
});
