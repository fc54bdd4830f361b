import type { ReactNode } from 'react';

/**
 * A wide table or block that scrolls sideways on a narrow screen, as a named region a keyboard
 * can reach (Tab, then the arrow keys scroll it): a scrolling box with nothing focusable inside
 * is out of a keyboard user's reach otherwise (WCAG 2.1.1). Used instead of antd's own `scroll.x`,
 * whose scrolling box cannot be given a tab stop.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </div>
  );
}
