import { todayInTexas } from '@dbo/domain/dates';
import { pdfOut } from '@dbo/domain/invoice';
import { dbId, idParams } from '@dbo/domain/primitives';
import {
  agingOut,
  agingQuery,
  creditMemoOut,
  creditMemoSchema,
  creditMemosOut,
  statementOut,
  statementQuery,
} from '@dbo/domain/receivables';
import { z } from 'zod';
import type { App, FastifyReply } from '../../lib/http.js';
import { findCustomer } from '../customers/customers.service.js';
import { findInvoice } from '../invoices/invoice-lookup.service.js';
import { agingReport } from './aging.service.js';
import { findCreditMemo, issueCreditMemo, listCreditMemos } from './credit-memos.service.js';
import { creditMemoPdf, pdfHeaderData, statementPdf } from './receivables-pdf.js';
import { customerStatement } from './statement.service.js';

const tags = ['receivables'];
const slug = (s: string) => s.replace(/[^a-zA-Z0-9]+/g, '-').toLowerCase();
const sendPdf = (reply: FastifyReply, pdf: Buffer, name: string) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(pdf);

export async function privateRoutes(app: App) {
  const { db, config } = app.deps;

  app.get(
    '/report/aging',
    {
      schema: {
        tags,
        description:
          'Open balance per customer in buckets of days past due (current, 1-30, 31-60, 61-90, over 90) as of a Texas day (default today), with totals.',
        querystring: agingQuery,
        response: { 200: agingOut },
      },
    },
    async (req) => agingReport(db, req.auth.companyId, req.query.asOf ?? todayInTexas()),
  );

  app.get(
    '/customer/:id/statement',
    { schema: { tags, params: idParams, querystring: statementQuery, response: { 200: statementOut } } },
    async (req) => customerStatement(db, req.auth.companyId, req.params.id, req.query.from, req.query.to),
  );

  app.post(
    '/customer/:id/statement/pdf',
    { schema: { tags, params: idParams, body: statementQuery, response: { 200: pdfOut } } },
    async (req, reply) => {
      const s = await customerStatement(db, req.auth.companyId, req.params.id, req.body.from, req.body.to);
      const { company, logo } = await pdfHeaderData(db, config.dataDir, req.auth.companyId);
      return sendPdf(reply, await statementPdf(s, company, logo), `statement-${slug(s.customer.name)}-${s.to}.pdf`);
    },
  );

  app.get(
    '/invoice/:id/credit-memo',
    { schema: { tags, params: idParams, response: { 200: creditMemosOut } } },
    async (req) => {
      const inv = await findInvoice(db, req.auth.companyId, { id: req.params.id });
      return listCreditMemos(db, req.auth.companyId, { invoiceId: inv.id });
    },
  );

  app.post(
    '/invoice/:id/credit-memo',
    { schema: { tags, params: idParams, body: creditMemoSchema, response: { 200: creditMemoOut } } },
    async (req) => {
      const memo = await issueCreditMemo(db, req.auth, req.params.id, req.body);
      app.deps.emit(req.auth.companyId, 'invoice:payment', { id: req.params.id });
      return memo;
    },
  );

  app.get(
    '/credit-memo/:id/pdf',
    { schema: { tags, params: z.object({ id: dbId('Credit memo') }), response: { 200: pdfOut } } },
    async (req, reply) => {
      const memo = await findCreditMemo(db, req.auth.companyId, req.params.id);
      const customer = await findCustomer(db, req.auth.companyId, memo.customer_id, { withDeleted: true });
      const { company, logo } = await pdfHeaderData(db, config.dataDir, req.auth.companyId);
      return sendPdf(
        reply,
        await creditMemoPdf(memo, customer.name, company, logo),
        `credit-memo-${memo.number_label}.pdf`,
      );
    },
  );
}
