import { todayInTexas } from '@dbo/domain/dates';
import * as api from '@dbo/domain/endpoints/receivables';
import { type Statement, statementQuery } from '@dbo/domain/receivables';
import { routeOf } from '../../lib/endpoint-route.js';
import { notFound } from '../../lib/errors.js';
import type { App, FastifyReply } from '../../lib/http.js';
import { assertPrintableCustomer, findCustomer } from '../customers/customers.service.js';
import { findInvoice } from '../invoices/invoice-lookup.service.js';
import { agingReport } from './aging.service.js';
import { findCreditMemo, issueCreditMemo, listCreditMemos } from './credit-memos.service.js';
import { signPrintToken, verifyPrintToken } from '../../lib/print-token.js';
import { sendPdf } from '../../lib/download.js';
import { creditMemoPdf, pdfHeaderData, statementFilename, statementPdf } from './receivables-pdf.js';
import { sendStatementEmail, statementPrintData } from './statement-share.service.js';
import { customerStatement } from './statement.service.js';

const tags = ['receivables'];
/** Printable links last a week, as the invoice's do. */
const PRINT_LINK_TTL = '7d';

async function sendStatementPdf(app: App, reply: FastifyReply, companyId: number, s: Statement) {
  const { company, logo } = await pdfHeaderData(app.deps.db, app.deps.config.dataDir, companyId);
  return sendPdf(reply, statementFilename(s), await statementPdf(s, company, logo));
}

export async function privateRoutes(app: App) {
  const { db, config, mailer } = app.deps;

  app.route({
    ...routeOf(api.aging, {
      tags,
      description:
        'Open balance per customer in buckets of days past due (current, 1-30, 31-60, 61-90, over 90) as of a Texas day (default today), with totals.',
    }),
    handler: async (req) => agingReport(db, req.auth.companyId, req.query.asOf ?? todayInTexas()),
  });

  app.route({
    ...routeOf(api.statement, { tags }),
    handler: async (req) => customerStatement(db, req.auth.companyId, req.params.id, req.query.from, req.query.to),
  });

  /** The PDF itself; with {format: 'url'} the link of the public printable page instead. */
  app.route({
    ...routeOf(api.statementPdf, { tags, produces: ['application/json', 'application/pdf'] }),
    handler: async (req, reply) => {
      const { companyId } = req.auth;
      const { from, to } = req.body;
      const s = await customerStatement(db, companyId, req.params.id, from, to);
      if (req.body.format === 'url') {
        const token = signPrintToken(app, 'statement', s.customer.id, companyId, PRINT_LINK_TTL, { from, to });
        return { url: `/customer/statement/pdf/${token}`, token, expires_in: PRINT_LINK_TTL };
      }
      return sendStatementPdf(app, reply, companyId, s);
    },
  });

  app.route({
    ...routeOf(api.emailStatement, {
      tags,
      description:
        "Sends the statement of a period as a PDF attachment to to_emails (default: the customer's email) and logs it in the activity log.",
    }),
    handler: async (req) =>
      sendStatementEmail(db, mailer, config.dataDir, {
        companyId: req.auth.companyId,
        userId: req.auth.userId,
        customerId: req.params.id,
        values: req.body,
      }),
  });

  app.route({
    ...routeOf(api.creditMemos, { tags }),
    handler: async (req) => {
      const inv = await findInvoice(db, req.auth.companyId, { id: req.params.id });
      return listCreditMemos(db, req.auth.companyId, { invoiceId: inv.id });
    },
  });

  app.route({
    ...routeOf(api.issueCreditMemo, { tags }),
    handler: async (req) => {
      const memo = await issueCreditMemo(db, req.auth, req.params.id, req.body);
      app.deps.emit(req.auth.companyId, 'invoice:payment', { id: req.params.id });
      return memo;
    },
  });

  app.route({
    ...routeOf(api.creditMemoPdf, { tags, produces: ['application/pdf'] }),
    handler: async (req, reply) => {
      const memo = await findCreditMemo(db, req.auth.companyId, req.params.id);
      const customer = await findCustomer(db, req.auth.companyId, memo.customer_id, { withDeleted: true });
      const { company, logo } = await pdfHeaderData(db, config.dataDir, req.auth.companyId);
      return sendPdf(
        reply,
        `credit-memo-${memo.number_label}.pdf`,
        await creditMemoPdf(memo, customer.name, company, logo),
      );
    },
  });
}

export async function publicRoutes(app: App) {
  const { db } = app.deps;

  /** The public printable statement's data; ?format=pdf answers the PDF. */
  app.route({
    ...routeOf(api.statementPrintPage, { tags, produces: ['application/json', 'application/pdf'] }),
    handler: async (req, reply) => {
      const { id, companyId, data } = verifyPrintToken(app, req.params.token, 'statement');
      // the period is signed with the token; one that does not parse was never signed by us
      const period = statementQuery.safeParse(data);
      if (!period.success) throw notFound('Sorry, something went wrong!');
      const { from, to } = period.data;
      // the link dies with its customer
      await assertPrintableCustomer(db, companyId, id);
      if (req.query.format === 'pdf') {
        return sendStatementPdf(app, reply, companyId, await customerStatement(db, companyId, id, from, to));
      }
      return statementPrintData(db, companyId, id, from, to);
    },
  });
}
