import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '../../shared/errors.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import { requestLanguage } from '../i18n/request-language.ts';
import { inLanguage, say, type Said } from '../i18n/wording.ts';

/** The messages of a 400's fields, keyed by path: each a catalogue's wording or a written text. */
export type FieldErrors = Record<string, Said[]>;

/**
 * An error whose status, code and message may be shown to the caller as they are. The message is
 * put in words in the request's language when answered (`answerText`); `message` and
 * `fieldErrors` read English, as before, for logs and the callers that look at them.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly fieldErrors?: Record<string, string[]>;
  readonly said: Said;
  readonly fieldsSaid?: FieldErrors;
  constructor(statusCode: number, code: string, message: Said, fieldErrors?: FieldErrors) {
    super(String(message));
    this.statusCode = statusCode;
    this.code = code;
    this.said = message;
    if (fieldErrors) {
      this.fieldsSaid = fieldErrors;
      this.fieldErrors = fieldsIn(fieldErrors, SOURCE_LANGUAGE);
    }
  }
}

function fieldsIn(fields: FieldErrors, language: Language): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([key, texts]) => [key, texts.map((text) => inLanguage(text, language))]));
}

export class BadRequestError extends HttpError {
  constructor(message: Said, fieldErrors?: FieldErrors) {
    super(400, 'BAD_REQUEST', message, fieldErrors);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message: Said = say('error.auth.signIn')) {
    super(401, 'UNAUTHORIZED', message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message: Said = say('error.auth.notAllowed')) {
    super(403, 'FORBIDDEN', message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message: Said = say('error.notFound')) {
    super(404, 'NOT_FOUND', message);
  }
}
/** A 429 that says, in its Retry-After header too, how many seconds to wait. */
export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message: Said, code = 'RATE_LIMITED') {
    super(429, code, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
export class ConflictError extends HttpError {
  constructor(message: Said) {
    super(409, 'CONFLICT', message);
  }
}

/** The reference's reason for a 409 MAIL_DISABLED (AccountService.assertMailOn), in routes' `config.errors`. */
export const MAIL_DISABLED_REASON = 'The shop sends no mail at the moment (MAIL_DISABLED), so nothing can be mailed';

/** A time slot that filled meanwhile (409 SLOT_FULL), with the next free ones; nothing was charged. */
export class SlotFullError extends HttpError {
  readonly nextSlots: string[];
  constructor(message: Said, nextSlots: string[]) {
    super(409, 'SLOT_FULL', message);
    this.nextSlots = nextSlots;
  }
}

/** The error behind a request's 5xx, for its one log line (ops/logging.ts writes it when the answer has gone). */
const failures = new WeakMap<object, unknown>();
export const failureOf = (request: object): unknown => failures.get(request);

/** A 5xx answers without internals; its error is logged on the request's one line (ops/logging.ts). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // Words in the request's language; codes and statuses the same in every language.
    const language = requestLanguage(request);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (fieldErrors[key] ??= []).push(inLanguage(issue.message ?? 'Invalid value', language));
      }
      return reply.code(400).send({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: inLanguage(say('error.validation', { part: error.validationContext ?? 'request', fields: Object.keys(fieldErrors).join(', ') }), language),
        fieldErrors,
      } satisfies ApiError);
    }

    const status = error.statusCode ?? 500;
    // Refused before its body was read (a guard at onRequest, a body over the limit): the rest of
    // the body is not waited for, and the connection goes with the answer, so a client trickling
    // a large body cannot hold it open.
    if (!request.raw.complete) reply.header('connection', 'close');
    if (status >= 400 && status < 500) {
      const message = error instanceof HttpError ? inLanguage(error.said, language) : error.message;
      const body: ApiError = { statusCode: status, code: error.code ?? 'BAD_REQUEST', message };
      if (error instanceof HttpError && error.fieldsSaid) body.fieldErrors = fieldsIn(error.fieldsSaid, language);
      if (error instanceof SlotFullError) body.nextSlots = error.nextSlots;
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(status).send(body);
    }

    failures.set(request, error);
    return reply.code(500).send({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: inLanguage(say('error.internal'), language),
    } satisfies ApiError);
  });
}
