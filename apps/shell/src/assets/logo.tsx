/** The brand's logo: a compass rose in a circle, inline so it costs no request. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      style={{ display: 'block', flex: 'none' }}
    >
      <circle cx="16" cy="16" r="15" fill="#1677ff" />
      <circle cx="16" cy="16" r="11" fill="none" stroke="#fff" strokeOpacity="0.45" />
      <path d="M16 5 L19.5 16 L16 27 L12.5 16 Z" fill="#fff" />
      <path d="M5 16 L16 13 L27 16 L16 19 Z" fill="#fff" fillOpacity="0.7" />
      <circle cx="16" cy="16" r="2" fill="#1677ff" />
    </svg>
  );
}
