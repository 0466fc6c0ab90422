import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createIntentAnswerSchema,
  paymentAnswerSchema,
  paymentBodySchema,
  paymentListSchema,
  sandboxConfirmAnswerSchema,
  sandboxConfirmBodySchema,
} from '../../shared/payments.ts';
import { useStrictJson } from '../http/strict-json.ts';
import { listPaymentsOfUser } from './payment-repository.ts';
import { toPaymentRecord } from './payment-service.ts';
import { SandboxProvider } from './sandbox-provider.ts';

/** The spec's payment calls (docs/product.md §7), plus the customer's own orders and the sandbox's card check. */
export async function paymentRoutes(instance: FastifyInstance): Promise<void> {
  useStrictJson(instance);
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/create-payment-intent',
    {
      // The spec sends { price }: whatever the body holds, the amount is the cart's.
      schema: { body: z.unknown().optional(), response: { 200: createIntentAnswerSchema } },
      preHandler: app.requireUser,
    },
    async (request) => app.payments.createIntent(request.user!.id),
  );

  app.post(
    '/payment',
    {
      schema: { body: paymentBodySchema, response: { 200: paymentAnswerSchema } },
      preHandler: app.requireUser,
    },
    async (request) => {
      const payment = await app.payments.recordPayment(request.body.transactionId, request.user!.id);
      return { result: { insertedId: payment._id }, payment };
    },
  );

  app.get(
    '/payments',
    { schema: { response: { 200: paymentListSchema } }, preHandler: app.requireUser },
    async (request) => (await listPaymentsOfUser(app.db, request.user!.id)).map(toPaymentRecord),
  );

  const provider = app.payments.provider;
  if (provider instanceof SandboxProvider) {
    // Test mode's stand-in for the card provider's confirmation: card data is checked, never kept.
    app.post(
      '/sandbox/payment-intents/:id/confirm',
      {
        schema: {
          params: z.object({ id: z.string().min(1).max(255) }),
          body: sandboxConfirmBodySchema,
          response: { 200: sandboxConfirmAnswerSchema },
        },
        preHandler: app.requireUser,
      },
      async (request) => {
        const intent = await app.payments.findOwnIntent(request.params.id, request.user!.id);
        return provider.confirm(intent, request.body);
      },
    );
  }
}
