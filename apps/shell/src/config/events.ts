// Timings of SPEC.md 2 and 9 ("after each navigation") and the event remotes can listen to.
import { WIDGETS_REINIT } from '@tour/shared';

/**
 * The window event sent 600 ms after each navigation (`detail: { pathname }`): sections
 * re-initialise their interactive widgets on it. The same name is `WIDGETS_REINIT` in
 * @tour/shared, with `onWidgetsReinit(handler)` for remotes.
 */
export const WIDGETS_REINIT_EVENT = WIDGETS_REINIT;

/** Delay between a navigation and the widgets re-initialisation event. */
export const WIDGETS_REINIT_DELAY_MS = 600;

/** Delay between a navigation to a URL with a hash and the smooth scroll to that element. */
export const HASH_SCROLL_DELAY_MS = 1000;

/**
 * How long after that delay the scroll still waits for the element named by the hash, when the
 * page's data (and so the element) has not arrived yet.
 */
export const HASH_WAIT_MS = 10_000;

/** How long the element named by the hash stays highlighted. */
export const HASH_HIGHLIGHT_MS = 2000;

/** CSS class of the highlighted hash target (a visible outline and background). */
export const HASH_HIGHLIGHT_CLASS = 'tour-hash-highlight';
