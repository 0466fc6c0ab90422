import type { MessageId } from '../../shared/i18n/catalogue.ts';
import en from '../../shared/i18n/catalogues/en.json' with { type: 'json' };
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import { translatorFor } from './translator.ts';

/**
 * A sentence the server answers with, named by its catalogue id and arguments, and put in words
 * only where it is sent, in the reader's language (the error handler, decision 0050). Its
 * English is what `String()` and `Error.message` read, so logs and English answers stay as before.
 */
export class Wording {
  readonly id: MessageId;
  readonly values?: Record<string, unknown>;
  constructor(id: MessageId, values?: Record<string, unknown>) {
    this.id = id;
    if (values) this.values = values;
  }
  in(language: Language): string {
    // An argument may be a wording itself (a reason inside a sentence): it is put in the same language.
    const values = this.values && Object.fromEntries(Object.entries(this.values).map(([key, value]) => [key, value instanceof Wording ? value.in(language) : value]));
    return translatorFor(language)(this.id, values);
  }
  toString(): string {
    return this.in(SOURCE_LANGUAGE);
  }
}

/** `throw new NotFoundError(say('error.order.notFound'))`: the message's id, checked against en.json. */
export function say(id: MessageId, values?: Record<string, unknown>): Wording {
  return new Wording(id, values);
}

/** A text still written in the code (English), or one from the catalogues. */
export type Said = string | Wording;

/** A text in a language: a catalogue's wording in it, a written text by its English's id, else as it is. */
export function inLanguage(text: Said, language: Language): string {
  if (typeof text !== 'string') return text.in(language);
  const wording = language === SOURCE_LANGUAGE ? text : wordingOfText(text);
  return typeof wording === 'string' ? text : wording.in(language);
}

// Texts of src/shared (the schemas' messages, constants) are English strings the web shows too;
// the server finds their German by that English among the `error.*` ids that take no argument.
const WORDING_OF_TEXT = new Map<string, MessageId>(
  Object.entries(en)
    .filter(([id, text]) => id.startsWith('error.') && !text.includes('{'))
    .map(([id, text]): [string, MessageId] => [text, id as MessageId]),
);

/** A written English text as a catalogue's wording where the catalogue has that text, else as written. */
export function wordingOfText(text: string): Said {
  const id = WORDING_OF_TEXT.get(text);
  return id ? new Wording(id) : text;
}
