type Props = { size?: number; onDark?: boolean };

/** The platform's mark: a rising bar chart in a rounded square. Decorative; the name beside it says who we are. */
export function BrandMark({ size = 40, onDark = false }: Props) {
  const tile = onDark ? '#ffffff' : '#0b4a6f';
  const bars = onDark ? '#0b4a6f' : '#ffffff';
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false" style={{ flexShrink: 0 }}>
      <rect width="40" height="40" rx="10" fill={tile} />
      <rect x="9" y="22" width="5" height="9" rx="1.5" fill="#f0b429" />
      <rect x="17.5" y="16" width="5" height="15" rx="1.5" fill={bars} />
      <rect x="26" y="9" width="5" height="22" rx="1.5" fill={bars} />
    </svg>
  );
}
