import { useEffect } from 'react';
import { useLocation } from '@tour/shared/router';
import { emitWidgetsReinit } from '@tour/shared';
import {
  HASH_HIGHLIGHT_CLASS,
  HASH_HIGHLIGHT_MS,
  HASH_SCROLL_DELAY_MS,
  HASH_WAIT_MS,
  WIDGETS_REINIT_DELAY_MS,
} from '../config/events';

function hashTarget(hash: string): HTMLElement | null {
  let id = hash.replace(/^#/, '');
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape: look the id up as written.
  }
  return id === '' ? null : document.getElementById(id);
}

/**
 * The effects of SPEC.md 2 after each navigation (the first render included): the widgets
 * re-initialisation event after 600 ms; with a hash, a smooth scroll to that element after 1 s
 * (or, when the page's data has not drawn it yet, as soon as it appears, for up to 10 s more) and
 * its highlight for 2 s. A newer navigation cancels what is still pending.
 */
export function useAfterNavigation(): void {
  const location = useLocation();
  useEffect(() => {
    const { pathname, hash } = location;
    const timers: ReturnType<typeof setTimeout>[] = [];
    let highlighted: HTMLElement | null = null;
    let watcher: MutationObserver | null = null;
    const show = (target: HTMLElement) => {
      target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      target.classList.add(HASH_HIGHLIGHT_CLASS);
      highlighted = target;
      timers.push(
        setTimeout(() => {
          target.classList.remove(HASH_HIGHLIGHT_CLASS);
          highlighted = null;
        }, HASH_HIGHLIGHT_MS),
      );
    };
    const stopWatching = () => {
      watcher?.disconnect();
      watcher = null;
    };
    timers.push(setTimeout(() => emitWidgetsReinit({ pathname }), WIDGETS_REINIT_DELAY_MS));
    if (hash) {
      timers.push(
        setTimeout(() => {
          const target = hashTarget(hash);
          if (target) {
            show(target);
            return;
          }
          // The section is drawn with the page's data: scroll once it exists.
          watcher = new MutationObserver(() => {
            const appeared = hashTarget(hash);
            if (!appeared) return;
            stopWatching();
            show(appeared);
          });
          watcher.observe(document.body, { childList: true, subtree: true });
          timers.push(setTimeout(stopWatching, HASH_WAIT_MS));
        }, HASH_SCROLL_DELAY_MS),
      );
    }
    return () => {
      timers.forEach(clearTimeout);
      stopWatching();
      highlighted?.classList.remove(HASH_HIGHLIGHT_CLASS);
    };
  }, [location]);
}
