/** The PedBot mark: the same drawing as public/icons/icon.svg, for the menu and the public pages. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 512 512" aria-hidden="true" focusable="false">
      <rect width="512" height="512" rx="112" fill="#1c7ed6" />
      <path
        d="M256 112c-88 0-160 58-160 132 0 41 22 78 58 102l-14 62 70-36c15 3 30 4 46 4 88 0 160-58 160-132s-72-132-160-132z"
        fill="#fff"
      />
      <circle cx="196" cy="246" r="22" fill="#1c7ed6" />
      <circle cx="256" cy="246" r="22" fill="#1c7ed6" />
      <circle cx="316" cy="246" r="22" fill="#1c7ed6" />
    </svg>
  );
}
