/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Public IP lookup service for sign-in (SPEC §7); unset sends a placeholder address. */
  readonly VITE_IP_LOOKUP_URL?: string;
}
