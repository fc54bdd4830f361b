// Two small icons drawn inline: importing @ant-design/icons would share (and ship) all of them.
const iconProps = {
  width: '1em',
  height: '1em',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

/** Three lines: opens the menu. */
export function MenuIcon() {
  return (
    <span className="anticon" role="img" aria-hidden="true">
      <svg {...iconProps}>
        <path d="M3 6h18M3 12h18M3 18h18" />
      </svg>
    </span>
  );
}

/** A door with an arrow: signs out. */
export function LogoutIcon() {
  return (
    <span className="anticon" role="img" aria-hidden="true">
      <svg {...iconProps}>
        <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
      </svg>
    </span>
  );
}

/** A chevron pointing down: opens a dropdown. */
export function ChevronDownIcon() {
  return (
    <span className="anticon" role="img" aria-hidden="true">
      <svg {...iconProps}>
        <path d="M6 9l6 6 6-6" />
      </svg>
    </span>
  );
}
