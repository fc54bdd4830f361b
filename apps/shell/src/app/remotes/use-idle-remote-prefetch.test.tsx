import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Role } from '@tour/shared';
import { authApi } from '../../features/auth/api/auth-api';
import { permissionDataOf } from '../../testing/fixtures';
import { makeStore } from '../store';
import type { RemoteRegistry } from './remote-registry';
import { remoteAppsOf, useIdleRemotePrefetch } from './use-idle-remote-prefetch';

const appsOf = (role: Role) => remoteAppsOf(permissionDataOf(role)).sort();

describe('remoteAppsOf', () => {
  it("names only the remotes behind the role's sidebar entries", () => {
    expect(appsOf('admin')).toEqual(['accounting', 'booking', 'reports']);
    expect(appsOf('sales_manager')).toEqual(['booking']);
    expect(appsOf('accountant')).toEqual(['accounting', 'reports']);
    expect(appsOf('counterparty')).toEqual(['agent']);
    expect(remoteAppsOf(null)).toEqual([]);
  });
});

describe('useIdleRemotePrefetch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  async function renderFor(role: Role, enabled: boolean) {
    const store = makeStore();
    await store.dispatch(
      authApi.util.upsertQueryData('permissionData', undefined, {
        data: permissionDataOf(role),
        signedOut: false,
      }),
    );
    const registry: RemoteRegistry = {
      preload: jest.fn(),
      component: jest.fn(),
      prefetch: jest.fn(),
      forget: jest.fn(),
      loaded: jest.fn(),
    };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>{children}</Provider>
    );
    renderHook(() => useIdleRemotePrefetch(registry, enabled), { wrapper });
    return registry;
  }

  it("loads the user's remotes once the browser has had its time, not before", async () => {
    const registry = await renderFor('sales_manager', true);
    expect(registry.prefetch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(3000));
    expect(jest.mocked(registry.prefetch).mock.calls).toEqual([['booking']]);
  });

  it('loads nothing when it is off', async () => {
    const registry = await renderFor('admin', false);
    act(() => jest.advanceTimersByTime(10_000));
    expect(registry.prefetch).not.toHaveBeenCalled();
  });
});
