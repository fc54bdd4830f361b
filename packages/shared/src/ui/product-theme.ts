import type { ThemeConfig } from 'antd';
import { PALETTE } from '@tour/shared';

/**
 * The text of a coloured tag is its palette's 7th shade on the 1st; where antd's falls under 4.5:1
 * a darker shade of the same palette takes its place. antd keeps each shade under two names
 * (`green7` and the older `green-7`, which its CSS variables are written from): both are set.
 */
const TAG_TEXT = {
  volcano: '#ad2102',
  orange: '#ad4e00',
  gold: '#874d00',
  yellow: '#876800',
  lime: '#3f6600',
  green: '#237804',
  cyan: '#006d75',
} as const;

const tagTextTokens = Object.fromEntries(
  Object.entries(TAG_TEXT).flatMap(([color, text]) => [
    [`${color}7`, text],
    [`${color}-7`, text],
  ]),
);

/**
 * antd's theme with the product's readable colours (colors/palette.ts). The light status
 * backgrounds are given as antd's defaults, since antd would derive muddy ones from the darker
 * status colours.
 */
export const PRODUCT_THEME: ThemeConfig = {
  token: {
    colorPrimary: PALETTE.primary,
    colorInfo: PALETTE.primary,
    colorLink: PALETTE.primary,
    colorLinkHover: PALETTE.primaryHover,
    colorError: PALETTE.error,
    colorSuccess: PALETTE.success,
    colorWarning: PALETTE.warning,
    colorSuccessBg: '#f6ffed',
    colorSuccessBgHover: '#d9f7be',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fffbe6',
    colorWarningBgHover: '#fff1b8',
    colorWarningBorder: '#ffe58f',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    colorTextTertiary: PALETTE.textSecondary,
    colorTextDescription: PALETTE.textSecondary,
    colorTextPlaceholder: PALETTE.textPlaceholder,
    ...tagTextTokens,
  },
};
