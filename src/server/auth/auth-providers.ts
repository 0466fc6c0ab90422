import { SOCIAL_PROVIDER_ID, type AuthProviders } from '../../shared/auth.ts';
import type { Config } from '../config.ts';

/** The sign-in options (GET /api/auth-providers; drawn into the log-in page too): social sign-in when configured. */
export function authProvidersOf(config: Config): AuthProviders {
  return { social: config.OIDC_CLIENT_ID ? { id: SOCIAL_PROVIDER_ID, name: config.OIDC_PROVIDER_NAME } : null };
}
