/**
 * Name of the window event the shell sends 600 ms after each navigation (SPEC.md 2), once the
 * new page has rendered: sections re-initialise their interactive widgets on it.
 */
export const WIDGETS_REINIT = 'tour:widgets-reinit';

/** The page the shell navigated to. */
export interface WidgetsReinitDetail {
  pathname: string;
}

declare global {
  interface WindowEventMap {
    [WIDGETS_REINIT]: CustomEvent<WidgetsReinitDetail>;
  }
}

/** Sends the widgets re-initialisation event (the shell does, after each navigation). */
export function emitWidgetsReinit(detail: WidgetsReinitDetail): void {
  window.dispatchEvent(new CustomEvent<WidgetsReinitDetail>(WIDGETS_REINIT, { detail }));
}

/** Calls `handler` on every widgets re-initialisation until the returned function is called. */
export function onWidgetsReinit(handler: (detail: WidgetsReinitDetail) => void): () => void {
  const listener = (event: CustomEvent<WidgetsReinitDetail>) =>
    handler(event.detail ?? { pathname: window.location.pathname });
  window.addEventListener(WIDGETS_REINIT, listener);
  return () => window.removeEventListener(WIDGETS_REINIT, listener);
}
