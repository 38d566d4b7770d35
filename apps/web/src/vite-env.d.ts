interface ImportMetaEnv {
  /** The footer's developer credit links here (https://… or mailto:…); checked by vite.config.ts. */
  readonly VITE_DEVELOPER_URL?: string;
}
