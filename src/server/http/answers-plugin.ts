import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { KeptAnswers, registerKeptAnswers } from './kept-answers.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerSnapshotAnswers, type SnapshotAnswers } from './snapshot-answer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one writer of the public reads' snapshots, for their routes (snapshot-answer.ts). */
    answers: SnapshotAnswers;
    /** Customers' own reads and the board, kept until what they show is written (kept-answers.ts). */
    keptAnswers: KeptAnswers;
  }
}

/** Helmet's headers on every answer, and the two writers of answers that carry them. */
export const answersPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, database } = app;
    const securityHeaders = await registerSecurityHeaders(app, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'"],
          // Stripe.js and its Payment Element come from Stripe, only when the shop uses Stripe (the
          // hosts of Stripe's CSP guide; the element's frames are on subdomains of js.stripe.com).
          ...(config.PAYMENT_PROVIDER === 'stripe'
            ? {
                scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
                frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
                connectSrc: ["'self'", 'https://api.stripe.com'],
              }
            : { scriptSrc: ["'self'"], connectSrc: ["'self'"] }),
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
          upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
        },
      },
      hsts: config.NODE_ENV === 'production' ? { maxAge: 31536000, includeSubDomains: true } : false,
    });
    const answers = registerSnapshotAnswers(app, securityHeaders);
    const keptAnswers = new KeptAnswers({ events: app.events, writes: database.watchedWrites, answers, waitsForNotices: database.kind === 'postgres' });
    app.decorate('keptAnswers', keptAnswers);
    // Before the routes: those whose config names a keptAnswer are answered through it.
    registerKeptAnswers(app, keptAnswers);
  },
  { name: 'answers', fastify: '5.x', dependencies: ['database', 'events'] },
);
