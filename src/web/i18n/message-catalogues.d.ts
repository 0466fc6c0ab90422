/** The build's catalogues, cut by area (catalogue-plugin.ts, src/shared/i18n/areas.ts). */
declare module 'virtual:message-catalogues' {
  import type { Messages } from '@lingui/core';

  /** English's `common` area: in the app's own chunk. */
  export const sourceCommon: Messages;
  /** Each language's own name, by its code: { en: 'English', de: 'Deutsch' }. */
  export const languageNames: Record<string, string>;
  /** Each language's compiled areas (English's `common` aside), each a chunk of its own. */
  export const loaders: Record<string, Record<string, () => Promise<{ default: Messages }>>>;
}
