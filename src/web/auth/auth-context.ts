import { createContext } from 'react';
import type { SignInBody, SignUpBody, SessionUser } from '../../shared/auth.ts';
import type { Role } from '../../shared/roles.ts';
import type { GuestBegin } from '../../shared/tables.ts';

export interface AuthContextValue {
  user: SessionUser | null;
  /** True at start and during each sign-in, sign-up, social sign-in or sign-out (docs/product.md §4). */
  loading: boolean;
  /** The signed-in user's role (GET /api/users/admin/{email}), once the lookup has answered. */
  role: Role | undefined;
  /** True while the role lookup has not answered yet for a signed-in user. */
  roleLoading: boolean;
  signIn(body: SignInBody): Promise<void>;
  /** Creates the account and signs in; answers the insertedId of POST /api/users. */
  signUp(body: SignUpBody): Promise<string | null>;
  /** Orders at the table of a link as a guest, without an account (decision 0047). */
  beginGuest(tableToken: string, body: GuestBegin): Promise<void>;
  /** After the social sign-in popup: reads the new session and records the user. */
  completeSocialSignIn(): Promise<void>;
  signOut(): Promise<void>;
  /** Reads the session again (after the profile page changed the name or the address). */
  refreshUser(): Promise<void>;
  /** Forgets the user at once (their account was deleted: there is no session to end). */
  forgetUser(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
