import { formatMargin } from './format-margin';

describe('formatMargin', () => {
  it('writes percent with a decimal comma and two places at most, a dash without revenue', () => {
    expect(formatMargin(23.5)).toBe('23,5\u00a0%');
    expect(formatMargin(-12.345)).toBe('-12,35\u00a0%');
    expect(formatMargin(100)).toBe('100\u00a0%');
    expect(formatMargin(null)).toBe('—');
  });
});
