import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AccountService } from './account-service.ts';

const GUEST_SWEEP_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The account's rules: mailed links, profile, devices, export, deletion. */
    accounts: AccountService;
  }
}

export const accountsPlugin = fp(
  async (app: FastifyInstance) => {
    // Read at a deletion, by when the payments are registered: they are made after the accounts.
    const settlePayments = (userId: string) => app.payments.settleBeforeErase(userId);
    app.decorate('accounts', new AccountService({ db: app.db, mail: app.mail, config: app.config, log: app.log, settlePayments }));
    // Guests with no order go a day after their table link, checked every hour (decision 0047).
    let timer: NodeJS.Timeout | undefined;
    const sweep = () => void app.accounts.eraseIdleGuests().catch((error: unknown) => app.log.warn({ err: error }, 'idle guests not deleted'));
    app.addHook('onReady', async () => {
      timer = setInterval(sweep, GUEST_SWEEP_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'accounts', fastify: '5.x', dependencies: ['database', 'mail'] },
);
