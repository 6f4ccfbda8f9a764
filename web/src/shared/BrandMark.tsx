type Props = { size?: number };

/** The platform's mark: a rising bar chart in a rounded square. Decorative; the name says who we are. */
export function BrandMark({ size = 40 }: Props) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="#0b4a6f" />
      <rect x="9" y="22" width="5" height="9" rx="1.5" fill="#f0b429" />
      <rect x="17.5" y="16" width="5" height="15" rx="1.5" fill="#ffffff" />
      <rect x="26" y="9" width="5" height="22" rx="1.5" fill="#ffffff" />
    </svg>
  );
}
