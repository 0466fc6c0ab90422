import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { PASSWORD_ADVICE, PASSWORD_OWN_WORDS } from '../../shared/auth.ts';
import { BadRequestError } from '../http/errors.ts';

/**
 * zxcvbn's score from 0 (a top-ten password) to 4. Below 3 a password falls to about a hundred
 * million guesses, an offline attack's first minutes: common words with a year or a symbol
 * ("Summer2024!"), the shop's own name. A phrase of three ordinary words passes (docs/accounts.md).
 */
const MIN_SCORE = 3;

/** The restaurant's own words, guessed first by anyone who attacks this shop's accounts. */
const SHOP_WORDS = ['Raw Roots', 'rawroots', 'raw-roots'];

let checker: Promise<ZxcvbnFactory> | undefined;

/** The dictionaries are a few MB: loaded on the first check, not at start. */
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([common, en]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  );
  return checker;
}

/**
 * Why a password is refused, in words for the person choosing it, or undefined when it will do.
 * `userInputs` are the person's name and e-mail and the menu's dish names; the shop's name is always added.
 */
export async function weakPasswordReason(password: string, userInputs: string[] = []): Promise<string | undefined> {
  const checker = await loadChecker();
  const words = wordsOf([...SHOP_WORDS, ...userInputs]);
  // Also without its separators: "mango-sunrise-plate" is a dish's name, whatever joins the words.
  const joined = password.replace(/[\s._+-]+/g, '');
  const results: ZxcvbnResult[] = [checker.check(password, words), ...(joined !== password && joined.length > 0 ? [checker.check(joined, words)] : [])];
  const result = results.reduce((weakest, next) => (next.score < weakest.score ? next : weakest));
  if (result.score >= MIN_SCORE) return undefined;
  const ownWords = result.sequence.some((match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs');
  const why = ownWords ? PASSWORD_OWN_WORDS : (result.feedback.warning ?? 'This password is easy to guess.');
  const hint = result.feedback.suggestions[0] ?? 'Add another word or two.';
  return `${why} ${hint} ${PASSWORD_ADVICE}`;
}

/** Refuses a weak password with a 400 naming the field, before anything is stored. */
export async function assertStrongPassword(field: string, password: string, userInputs: string[] = []): Promise<void> {
  const reason = await weakPasswordReason(password, userInputs);
  if (reason) throw new BadRequestError(reason, { [field]: [reason] });
}

/** The person's and the shop's words whole and in parts: a password made of them is guessed first. */
function wordsOf(inputs: string[]): string[] {
  const words = inputs.flatMap((input) => [input, input.replace(/[\s@._+-]+/g, ''), ...input.split(/[\s@._+-]+/)]);
  return [...new Set(words.map((word) => word.toLowerCase()).filter((word) => word.length >= 3))];
}

/**
 * The password rules with the shop's words: the person's name and e-mail, and the names of the
 * dishes on the menu as it is now (read when asked, so a new dish counts at once).
 */
export class PasswordRules {
  private readonly dishNames: () => Promise<readonly string[]>;
  constructor(dishNames: () => Promise<readonly string[]>) {
    this.dishNames = dishNames;
  }

  /** Refuses a weak password with a 400 naming `field`, before anything is stored. */
  async assertStrong(field: string, password: string, person: { name: string; email: string }): Promise<void> {
    await assertStrongPassword(field, password, [person.name, person.email, ...(await this.dishNames())]);
  }
}
