import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { BadRequestError } from '../http/errors.ts';

/**
 * zxcvbn's score from 0 (a top-ten password) to 4. Below 2 a password falls to a few thousand
 * guesses: the lists of common and breached passwords, repeats, keyboard rows, dates. The shop
 * refuses those; a longer phrase of ordinary words passes (docs/accounts.md, "Passwords").
 */
const MIN_SCORE = 2;

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

/** Why a password is refused, in words for the person choosing it, or undefined when it will do. */
export async function weakPasswordReason(password: string, userInputs: string[] = []): Promise<string | undefined> {
  const result: ZxcvbnResult = (await loadChecker()).check(password, wordsOf(userInputs));
  if (result.score >= MIN_SCORE) return undefined;
  const why = result.feedback.warning ?? 'This password is easy to guess.';
  const hint = result.feedback.suggestions[0] ?? 'Add another word or two.';
  return `${why} ${hint}`;
}

/** Refuses a weak password with a 400 naming the field, before anything is stored. */
export async function assertStrongPassword(field: string, password: string, userInputs: string[] = []): Promise<void> {
  const reason = await weakPasswordReason(password, userInputs);
  if (reason) throw new BadRequestError(reason, { [field]: [reason] });
}

/** The person's own words (name, e-mail) whole and in parts: a password made of them is guessed first. */
function wordsOf(inputs: string[]): string[] {
  return inputs.flatMap((input) => [input, ...input.split(/[\s@._+-]+/)]).filter((word) => word.length >= 3);
}
