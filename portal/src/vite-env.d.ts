/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Support address shown in the footer and help centre. */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
