import { useEffect, useState } from 'react';

/**
 * False for the first render, true once the browser has painted it: a report's chart (recharts,
 * its own chunk) mounts after the tables are on screen, so loading and drawing it never delays
 * the figures a person came for.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame runs before the paint; the task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
