import { theme } from 'antd';
import { PRODUCT_THEME } from './product-theme';

/** WCAG's contrast ratio of a colour (alpha over white allowed) written on `background`. */
function contrast(color: string, background: string): number {
  const channels = (value: string): number[] => {
    const hex = /^#([0-9a-f]{6})$/i.exec(value);
    if (hex) return [0, 2, 4].map((at) => parseInt(hex[1]!.slice(at, at + 2), 16));
    const rgba = /^rgba?\(([^)]+)\)$/.exec(value.replace(/\s/g, ''));
    if (!rgba) throw new Error(`not a colour: ${value}`);
    const [r, g, b, a = 1] = rgba[1]!.split(',').map(Number);
    // Over white, as the text sits on the white card.
    return [r!, g!, b!].map((channel) => channel * a + 255 * (1 - a));
  };
  const luminance = (rgb: number[]) =>
    rgb
      .map((channel) => channel / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, index) => sum + c * [0.2126, 0.7152, 0.0722][index]!, 0);
  const [light, dark] = [luminance(channels(color)), luminance(channels(background))].sort(
    (x, y) => y - x,
  );
  return (light! + 0.05) / (dark! + 0.05);
}

describe('PRODUCT_THEME', () => {
  const token = theme.getDesignToken(PRODUCT_THEME);

  it.each([
    'colorText',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorTextPlaceholder',
    'colorLink',
    'colorPrimary',
    'colorErrorText',
    'colorSuccessText',
    'colorWarningText',
  ] as const)('%s reads at 4.5:1 on white, on the page and on a selected item', (name) => {
    for (const background of ['#ffffff', token.colorBgLayout, token.colorPrimaryBg]) {
      expect(contrast(token[name], background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes a primary and a danger button white at 4.5:1', () => {
    expect(contrast('#ffffff', token.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', token.colorError)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['red', 'volcano', 'orange', 'gold', 'green', 'cyan', 'blue', 'magenta'] as const)(
    'writes a %s tag at 4.5:1 on its own background',
    (color) => {
      expect(contrast(token[`${color}-7`], token[`${color}-1`])).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('writes the status tags at 4.5:1 on their backgrounds', () => {
    expect(contrast(token.colorSuccess, token.colorSuccessBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorWarning, token.colorWarningBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorError, token.colorErrorBg)).toBeGreaterThanOrEqual(4.5);
  });
});
