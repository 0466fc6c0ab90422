import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AccountService } from './account-service.ts';

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
  },
  { name: 'accounts', fastify: '5.x', dependencies: ['database', 'mail'] },
);
