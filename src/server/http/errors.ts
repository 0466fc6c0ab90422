import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '../../shared/errors.ts';

/** An error whose status, code and message may be shown to the caller as they are. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly fieldErrors?: Record<string, string[]>;
  constructor(statusCode: number, code: string, message: string, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    if (fieldErrors) this.fieldErrors = fieldErrors;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, fieldErrors?: Record<string, string[]>) {
    super(400, 'BAD_REQUEST', message, fieldErrors);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Sign in to continue') {
    super(401, 'UNAUTHORIZED', message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'You are not allowed to do this') {
    super(403, 'FORBIDDEN', message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, 'NOT_FOUND', message);
  }
}
/** A 429 that says, in its Retry-After header too, how many seconds to wait. */
export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message: string, code = 'RATE_LIMITED') {
    super(429, code, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, 'CONFLICT', message);
  }
}

/** The reference's reason for a 409 MAIL_DISABLED (AccountService.assertMailOn), in routes' `config.errors`. */
export const MAIL_DISABLED_REASON = 'The shop sends no mail at the moment (MAIL_DISABLED), so nothing can be mailed';

/** A time slot that filled meanwhile (409 SLOT_FULL), with the next free ones; nothing was charged. */
export class SlotFullError extends HttpError {
  readonly nextSlots: string[];
  constructor(message: string, nextSlots: string[]) {
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
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (fieldErrors[key] ??= []).push(issue.message ?? 'Invalid value');
      }
      return reply.code(400).send({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: `Invalid ${error.validationContext ?? 'request'}: ${Object.keys(fieldErrors).join(', ')}`,
        fieldErrors,
      } satisfies ApiError);
    }

    const status = error.statusCode ?? 500;
    // Refused before its body was read (a guard at onRequest, a body over the limit): the rest of
    // the body is not waited for, and the connection goes with the answer, so a client trickling
    // a large body cannot hold it open.
    if (!request.raw.complete) reply.header('connection', 'close');
    if (status >= 400 && status < 500) {
      const body: ApiError = { statusCode: status, code: error.code ?? 'BAD_REQUEST', message: error.message };
      if (error instanceof HttpError && error.fieldErrors) body.fieldErrors = error.fieldErrors;
      if (error instanceof SlotFullError) body.nextSlots = error.nextSlots;
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(status).send(body);
    }

    failures.set(request, error);
    return reply.code(500).send({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    } satisfies ApiError);
  });
}
