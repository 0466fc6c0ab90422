import type { FastifyInstance } from 'fastify';
import { BadRequestError } from './errors.ts';
import { say } from '../i18n/wording.ts';

/**
 * A repeated key (`{"itemId":"a","itemId":"b"}`) means whatever each parser decides; bodies that
 * name what to buy or pay for must say it once, so this scope's parser refuses it.
 */
export function useStrictJson(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    let value: unknown;
    try {
      // The reviver runs per value and is costly: only a body that may hold such a key (by name,
      // or written with an escape) is parsed with it.
      value = mayHoldPrototypeKey(text) ? JSON.parse(text, refusePrototypeKeys) : JSON.parse(text);
    } catch (error) {
      if (error instanceof BadRequestError) return done(error, undefined);
      return done(new BadRequestError(say('error.http.badJson')), undefined);
    }
    const repeated = findRepeatedKey(text);
    if (repeated !== undefined) {
      return done(new BadRequestError(say('error.http.keyTwice', { key: repeated }), { [repeated]: [say('error.http.givenTwice')] }), undefined);
    }
    done(null, value);
  });
}

const mayHoldPrototypeKey = (text: string) => text.includes('__proto__') || text.includes('constructor') || text.includes('\\u');

/**
 * Fastify's own parser refuses `__proto__` and `constructor.prototype` keys; this one replaces it,
 * so it must too, or a body could reach code that copies it onto an object's prototype.
 */
function refusePrototypeKeys(key: string, value: unknown): unknown {
  if (key === '__proto__' || (key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value)) {
    throw new BadRequestError(say('error.http.forbiddenKey'), { [key]: [say('error.http.notAllowed')] });
  }
  return value;
}

/** Only for text JSON.parse accepted: then only strings and braces matter. */
export function findRepeatedKey(text: string): string | undefined {
  const stack: Array<Set<string> | null> = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{') {
      stack.push(new Set());
      expectKey = true;
    } else if (ch === '[') {
      stack.push(null);
    } else if (ch === '}' || ch === ']') {
      stack.pop();
      expectKey = false;
    } else if (ch === ',') {
      expectKey = stack.at(-1) instanceof Set;
    } else if (ch === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        const keys = stack.at(-1) as Set<string>;
        if (keys.has(key)) return key;
        keys.add(key);
        expectKey = false;
      }
      i = end;
    }
  }
  return undefined;
}
