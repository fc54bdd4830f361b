// The product's colours, chosen so that every text reads at WCAG AA (4.5:1) on the white and the
// light grey backgrounds it sits on: antd's default blue, green, red, gold and greys (#1677ff on
// white is 4.1:1, the 0.45 grey 3.4:1, #52c41a 2.3:1) do not. The UI kit's theme takes them
// (ui/theme.ts); the login page, which loads no antd, writes them into its own CSS.

/** Text and surface colours, as CSS colours. */
export const PALETTE = {
  /** Buttons, links, the selected menu item and tab: 6.2:1 on white, white on it 6.2:1. */
  primary: '#0958d9',
  /** A hovered link or primary button. */
  primaryHover: '#1677ff',
  /** The ordinary text. */
  text: 'rgba(0, 0, 0, 0.88)',
  /** Secondary text, hints, group titles: 6.2:1 on white. */
  textSecondary: 'rgba(0, 0, 0, 0.62)',
  /** A field's placeholder: 5.1:1 on white. */
  textPlaceholder: 'rgba(0, 0, 0, 0.57)',
  /** Errors and negative amounts: 5.6:1 on white. */
  error: '#cf1322',
  /** Positive amounts and confirmations: 5.6:1 on white. */
  success: '#237804',
  /** Warnings: 6.8:1 on white. */
  warning: '#874d00',
} as const;
