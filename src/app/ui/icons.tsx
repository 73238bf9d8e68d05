import type { SectionId } from '../../shared/domain/routes';

/** Outline icons (24×24, stroke) drawn inline so the shell needs no icon library. */
const PATHS = {
  dashboard: 'M3 3v18h18 M7 15l4-4 3 3 5-6',
  attendance: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.3A8 8 0 1 1 21 12z M8 12h.01 M12 12h.01 M16 12h.01',
  crm: 'M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2 M9 3h6v4H9z M9 12h6 M9 16h4',
  orders: 'M6 19a2 2 0 1 0 4 0a2 2 0 1 0-4 0 M15 19a2 2 0 1 0 4 0a2 2 0 1 0-4 0 M17 17H6V3H4 M6 5l14 1-1 7H6',
  campaigns:
    'M18 8a3 3 0 0 1 0 6 M10 8v11a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1v-5 M12 8l4.5-3.5A1 1 0 0 1 18 5.3v11.4a1 1 0 0 1-1.5.8L12 14H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1h8',
  connections: 'M7 3h10a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1z M11 5h2 M12 18v.01',
  contacts:
    'M5 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0 M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2 M16 3.1a4 4 0 0 1 0 7.8 M21 21v-2a4 4 0 0 0-3-3.9',
  flows: 'M5 5a2 2 0 1 0 4 0a2 2 0 1 0-4 0 M15 19a2 2 0 1 0 4 0a2 2 0 1 0-4 0 M5 19a2 2 0 1 0 4 0a2 2 0 1 0-4 0 M7 7v10 M7 12h6a4 4 0 0 1 4 4v1',
  templates: 'M14 3v4a1 1 0 0 0 1 1h4 M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2z M9 13h6 M9 17h6',
  administration: 'M12 3a12 12 0 0 0 8.5 3A12 12 0 0 1 12 21 12 12 0 0 1 3.5 6 12 12 0 0 0 12 3 M9 12l2 2 4-4',
  settings: 'M4 6h8 M16 6h4 M14 4v4 M4 12h2 M10 12h10 M8 10v4 M4 18h10 M18 18h2 M16 16v4',
  help: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0 M12 17v.01 M12 13.5a1.5 1.5 0 0 1 1-1.5 2.6 2.6 0 1 0-3-4',
  account:
    'M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0 M9 10a3 3 0 1 0 6 0a3 3 0 1 0-6 0 M6.2 18.8A4 4 0 0 1 10 16h4a4 4 0 0 1 3.8 2.8',
  star: 'M12 17.75l-6.172 3.245 1.179-6.873-5-4.867 6.9-1 3.086-6.253 3.086 6.253 6.9 1-5 4.867 1.179 6.873z',
  list: 'M9 6h11 M9 12h11 M9 18h11 M5 6v.01 M5 12v.01 M5 18v.01',
  sun: 'M8 12a4 4 0 1 0 8 0a4 4 0 1 0-8 0 M3 12h1 M12 3v1 M20 12h1 M12 20v1 M5.6 5.6l.7.7 M18.4 5.6l-.7.7 M17.7 17.7l.7.7 M6.3 17.7l-.7.7',
  moon: 'M12 3h.393a7.5 7.5 0 0 0 7.92 12.446A9 9 0 1 1 12 2.992z',
  semiDark: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0 M12 3v18 M12 8l4-4 M12 13l7-7 M12 18l8.5-8.5',
  collapse: 'M11 7l-5 5 5 5 M17 7l-5 5 5 5',
  expand: 'M7 7l5 5-5 5 M13 7l5 5-5 5',
  online: 'M12 18h.01 M9.17 15.17a4 4 0 0 1 5.66 0 M6.34 12.34a8 8 0 0 1 11.31 0 M3.51 9.51a12 12 0 0 1 16.97 0',
  offline: 'M12 18h.01 M9.17 15.17a4 4 0 0 1 5.66 0 M6.34 12.34a8 8 0 0 1 4.2-2.2 M3.51 9.51a12 12 0 0 1 3.5-2.4 M3 3l18 18',
  logout: 'M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2 M9 12h12l-3-3 M18 15l3-3',
} as const satisfies Record<SectionId, string> & Record<string, string>;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 20, filled = false }: { name: IconName; size?: number; filled?: boolean }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
