import type { Kysely } from 'kysely';
import type { Captcha } from '../../shared/auth.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { CaptchaService } from './captcha-service.ts';
import { countRequest } from './rate-limit-store.ts';

/**
 * The captchas the server draws into the log-in page (src/server/pages/web-app.ts), one per request
 * of the page. Each is a row and a picture, as POST /api/captcha makes, so they are limited the
 * same way: per client address and minute, `RATE_LIMIT_CAPTCHA`, in a counter of their own. Over
 * the limit there is none (undefined): the page is drawn without a picture and the browser asks
 * POST /api/captcha, whose refusal the page shows.
 */
export function pageCaptchas(db: Kysely<Database>, config: Config): (clientAddress: string) => Promise<Captcha | undefined> {
  const captchas = new CaptchaService(db);
  return async (clientAddress) => {
    const { current } = await countRequest(db, `page captcha|${clientAddress}`, 60_000);
    return current > config.RATE_LIMIT_CAPTCHA ? undefined : captchas.create();
  };
}
