import { EMAIL_NOT_VERIFIED } from '../../shared/account-constants.ts';
import type { ApiError } from '../../shared/errors.ts';
import { OFFLINE_MESSAGE } from './offline.ts';

/** Local storage key of the bearer token (docs/product.md §9). */
export const TOKEN_STORAGE_KEY = 'access-token';

/** The code of an ApiRequestError for a request that could not reach the server (status 0). */
export const OFFLINE_CODE = 'OFFLINE';

/** An answer of the API that was not 2xx, with the API's error body when it sent one. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiError | undefined;
  constructor(status: number, body: ApiError | undefined) {
    super(body?.message ?? `Request failed with status ${status}`);
    this.status = status;
    this.body = body;
  }
}

type AuthFailureListener = (status: number) => void;
let onAuthFailure: AuthFailureListener | undefined;

/**
 * The spec: any 401 or 403 signs the user out and sends them to /login. The auth feature sets
 * the listener; the client only reports.
 */
export function setAuthFailureListener(listener: AuthFailureListener | undefined): void {
  onAuthFailure = listener;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Set false for calls whose 401 is an expected answer (a sign-in attempt), not a lost session. */
  signOutOnAuthFailure?: boolean;
  /** Reads a successful answer's headers (a list's total in X-Total-Count). */
  onHeaders?: (headers: Headers) => void;
}

/** The one API client: JSON in and out, and the stored bearer token on every request. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method: options.method ?? 'GET', headers, body, signal: options.signal, credentials: 'same-origin' });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // The request never reached the server: say so, not the browser's "Failed to fetch".
    throw new ApiRequestError(0, { statusCode: 0, code: OFFLINE_CODE, message: OFFLINE_MESSAGE });
  }
  if (!response.ok) {
    const errorBody = (await response.json().catch(() => undefined)) as ApiError | undefined;
    // Paying before the address is confirmed is a 403 to act on, not a lost session.
    const answerToActOn = errorBody?.code === EMAIL_NOT_VERIFIED;
    if ((response.status === 401 || response.status === 403) && options.signOutOnAuthFailure !== false && !answerToActOn) {
      onAuthFailure?.(response.status);
    }
    throw new ApiRequestError(response.status, errorBody);
  }
  options.onHeaders?.(response.headers);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * For calls that cannot go through apiRequest (an upload sent with XMLHttpRequest for its
 * progress): reports a 401 or 403 the same way, so every call of the app signs out alike.
 */
export function reportAuthFailure(status: number): void {
  if (status === 401 || status === 403) onAuthFailure?.(status);
}
