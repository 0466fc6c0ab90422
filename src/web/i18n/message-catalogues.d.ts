/** The build's catalogues (catalogue-plugin.ts). */
declare module 'virtual:message-catalogues' {
  import type { Messages } from '@lingui/core';

  export const sourceMessages: Messages;
  /** Each language's own name, by its code: { en: 'English', de: 'Deutsch' }. */
  export const languageNames: Record<string, string>;
  /** The other languages' compiled catalogues, each a chunk of its own. */
  export const loaders: Record<string, () => Promise<{ default: Messages }>>;
}
