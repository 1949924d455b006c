/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API base address, ending with `/`; the same origin (`/`) when unset. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
