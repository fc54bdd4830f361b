// Every text colour of the palette reads at WCAG AA (contrast 4.5:1) on white, as its comments say.
import { PALETTE } from './palette';

/** WCAG 2 relative luminance of an `#rrggbb` or `rgba(0, 0, 0, a)` colour over white. */
function luminance(colour: string): number {
  let rgb: number[];
  const black = /^rgba\(0, 0, 0, ([\d.]+)\)$/.exec(colour);
  if (black) {
    const channel = 255 * (1 - Number(black[1]));
    rgb = [channel, channel, channel];
  } else {
    rgb = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
  }
  const [r, g, b] = rgb.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrastOnWhite = (colour: string) => 1.05 / (luminance(colour) + 0.05);

describe('the palette', () => {
  it.each([
    'primary',
    'text',
    'textSecondary',
    'textPlaceholder',
    'error',
    'success',
    'warning',
  ] as const)('%s reads at 4.5:1 or more on white', (name) => {
    expect(contrastOnWhite(PALETTE[name])).toBeGreaterThanOrEqual(4.5);
  });

  it('knows antd’s default blue falls short (4.1:1), so the check can fail', () => {
    expect(contrastOnWhite('#1677ff')).toBeLessThan(4.5);
  });
});
