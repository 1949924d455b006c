/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API base address, ending with `/`; the same origin (`/`) when unset. */
  readonly VITE_API_BASE?: string;
  /** Minutes without activity after which the dashboard session ends (1 to 60); 5 when unset. */
  readonly VITE_IDLE_TIMEOUT_MINUTES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
