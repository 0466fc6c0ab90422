import type { Role } from '../../shared/roles.ts';

/**
 * The caller of a request, as every feature's routes see it. The role is read at each request.
 * A file of its own: authenticate.ts and session-cache.ts both need it, and neither imports the other.
 */
export interface RequestUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The session the request was made in (cookie or bearer token). */
  sessionId: string;
  sessionExpiresAt: Date;
}
