import { WIDGETS_REINIT, emitWidgetsReinit, onWidgetsReinit } from './widgets-reinit';

describe('widgets-reinit', () => {
  it('is the window event tour:widgets-reinit carrying the page', () => {
    expect(WIDGETS_REINIT).toBe('tour:widgets-reinit');
    const seen: CustomEvent[] = [];
    const listener = (event: Event) => seen.push(event as CustomEvent);
    window.addEventListener('tour:widgets-reinit', listener);
    emitWidgetsReinit({ pathname: '/admin/users' });
    window.removeEventListener('tour:widgets-reinit', listener);
    expect(seen.map((event) => event.detail)).toEqual([{ pathname: '/admin/users' }]);
  });

  it('delivers to subscribers until they unsubscribe', () => {
    const handler = jest.fn();
    const stop = onWidgetsReinit(handler);
    emitWidgetsReinit({ pathname: '/admin/trips' });
    window.dispatchEvent(new CustomEvent('tour:widgets-reinit'));
    stop();
    emitWidgetsReinit({ pathname: '/admin/tours' });
    expect(handler.mock.calls).toEqual([
      [{ pathname: '/admin/trips' }],
      [{ pathname: window.location.pathname }],
    ]);
  });
});
