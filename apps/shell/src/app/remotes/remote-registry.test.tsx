import { render, screen } from '@testing-library/react';
import type { RemoteRoutesModule, SectionRoutesProps } from '@tour/shared';
import { createRemoteRegistry } from './remote-registry';

function Section({ routeName }: SectionRoutesProps) {
  return <h2>Раздел: {routeName}</h2>;
}
const MODULE: RemoteRoutesModule = { default: Section };

describe('the remotes registry', () => {
  it("answers the module's own component once a preload has finished: no suspense", async () => {
    const load = jest.fn(async () => MODULE);
    const registry = createRemoteRegistry(load);
    await registry.preload('booking');
    expect(registry.component('booking')).toBe(Section);
    // Rendered without a Suspense boundary: a lazy component would throw here.
    render(
      <>
        {(() => {
          const Component = registry.component('booking');
          return <Component routeName="booking-hotels" />;
        })()}
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Раздел: booking-hotels' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers a lazy component before the load ends, and keeps it after', async () => {
    let finish!: (module: RemoteRoutesModule) => void;
    const registry = createRemoteRegistry(
      () => new Promise<RemoteRoutesModule>((resolve) => (finish = resolve)),
    );
    const early = registry.component('reports');
    expect(early).not.toBe(Section);
    finish(MODULE);
    await registry.preload('reports');
    // Switching to the module's component would remount the section.
    expect(registry.component('reports')).toBe(early);
  });

  it('never rejects a preload, and loads again after forget', async () => {
    const load = jest
      .fn<Promise<RemoteRoutesModule>, []>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce(MODULE);
    const registry = createRemoteRegistry(load);
    await expect(registry.preload('agent')).resolves.toBeNull();
    registry.forget('agent');
    await registry.preload('agent');
    expect(registry.component('agent')).toBe(Section);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('prefetches once, keeps a loaded remote, and forgets a failed one', async () => {
    const FALLBACK: RemoteRoutesModule = { default: () => null };
    const load = jest
      .fn<Promise<RemoteRoutesModule>, [string]>()
      .mockResolvedValueOnce(MODULE)
      .mockResolvedValueOnce(FALLBACK)
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValue(MODULE);
    const registry = createRemoteRegistry(load, { isFallback: (module) => module === FALLBACK });

    registry.prefetch('booking');
    registry.prefetch('booking');
    await registry.preload('booking');
    expect(registry.component('booking')).toBe(Section);

    registry.prefetch('reports'); // answered with the fallback: not kept
    await registry.preload('reports');
    registry.prefetch('agent'); // failed: not kept
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Opening each loads it anew.
    await registry.preload('reports');
    await registry.preload('agent');
    expect(registry.component('reports')).toBe(Section);
    expect(registry.component('agent')).toBe(Section);
    expect(load.mock.calls.map(([app]) => app)).toEqual([
      'booking',
      'reports',
      'agent',
      'reports',
      'agent',
    ]);
  });
});
