import { gridQuerySchema } from '@dbo/domain/grid';
import { PAYMENT_MSG, paymentSchema } from '@dbo/domain/payment';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.js';
import type { App } from '../../lib/http.js';
import { addPayment, deletePayment, listPayments, ownInvoice, paymentGrid, updatePayment } from './payments.service.js';

const invoiceParams = z.object({ id: z.coerce.number().int().positive() });
const paymentParams = z.object({
  id: z.coerce.number().int().positive(),
  paymentId: z.coerce.number().int().positive(),
});
/** optional customerId / invoiceId narrow the grid (links from a customer or an invoice) */
const positiveId = (v: unknown) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

export async function privateRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['payments'];

  app.get('/invoice/payment/grid', { schema: { tags, querystring: gridQuerySchema } }, async (req) => {
    const q = req.query as Record<string, unknown>;
    return paymentGrid(db, req.auth.companyId, req.query, {
      customerId: positiveId(q.customerId),
      invoiceId: positiveId(q.invoiceId),
    });
  });

  // the invoice's payments, newest received first (the payment panel reads these)
  app.get('/invoice/:id/payment', { schema: { tags, params: invoiceParams } }, async (req) => {
    const inv = await ownInvoice(db, req.auth.companyId, req.params.id);
    return listPayments(db, req.auth.companyId, inv.id);
  });

  app.post('/invoice/:id/payment', { schema: { tags, params: invoiceParams, body: paymentSchema } }, async (req) => {
    const res = await addPayment(db, req.auth.companyId, req.auth.userId, req.params.id, req.body);
    app.deps.emit(req.auth.companyId, 'invoice:payment', { id: req.params.id });
    return res;
  });

  app.put(
    '/invoice/:id/payment/:paymentId',
    { schema: { tags, params: paymentParams, body: paymentSchema } },
    async (req) => {
      const res = await updatePayment(
        db,
        req.auth.companyId,
        req.auth.userId,
        req.params.id,
        req.params.paymentId,
        req.body,
      );
      app.deps.emit(req.auth.companyId, 'invoice:payment', { id: req.params.id });
      return res;
    },
  );

  app.delete('/invoice/:id/payment/:paymentId', { schema: { tags, params: paymentParams } }, async (req) => {
    // spec 1 section 6: only the owner deletes payments
    if (req.auth.role !== 'owner') throw forbidden(PAYMENT_MSG.ownerOnly);
    const res = await deletePayment(db, req.auth.companyId, req.auth.userId, req.params.id, req.params.paymentId);
    app.deps.emit(req.auth.companyId, 'invoice:payment', { id: req.params.id });
    return res;
  });
}
