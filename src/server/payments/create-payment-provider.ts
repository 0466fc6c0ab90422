import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { SandboxProvider } from './sandbox-provider.ts';
import { StripeProvider } from './stripe-provider.ts';

/** The provider PAYMENT_PROVIDER names (the configuration has checked its keys already). */
export function createPaymentProvider(config: Config, db: Kysely<Database>): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    return new StripeProvider({
      secretKey: config.STRIPE_SECRET_KEY!,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return new SandboxProvider(db);
}
