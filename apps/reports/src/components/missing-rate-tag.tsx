import { Tag } from '@tour/shared/ui';

/**
 * «нет курса»: an amount that could not be converted for want of its day's rate. The server
 * leaves it out of the figure (never converts it at 1), so the figure beside it is short by it.
 */
export function MissingRateTag({ hint }: { hint?: string }) {
  return (
    <Tag color="warning" title={hint} style={{ marginInlineEnd: 0 }}>
      нет курса
    </Tag>
  );
}
