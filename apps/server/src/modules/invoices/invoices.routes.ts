import { todayInTexas } from '@dbo/domain/dates';
import {
  csvOut,
  invoiceDeletedOut,
  invoiceDetailOut,
  invoiceGridOut,
  invoiceListRowOut,
  newNumberOut,
  quickSearchOut,
  invoiceExportQuery,
  invoiceGridQuery,
  invoiceRefParams,
  invoiceRefQuery,
  invoiceRequestSchema,
  invoiceUpdateSchema,
  lastInvoiceQuery,
  newNumberQuery,
  quickSearchQuery,
} from '@dbo/domain/invoice';
import { idParams } from '@dbo/domain/primitives';
import { z } from 'zod';
import type { App } from '../../lib/http.js';
import { invoiceCsv } from './invoice-export.service.js';
import { invoiceGrid, lastInvoice, quickSearch, recentInvoices } from './invoice-list.service.js';
import { type Actor, findInvoice, invoiceKeyOf } from './invoice-lookup.service.js';
import { loadInvoiceDetail } from './invoice-read.service.js';
import { nextNumber, saveInvoice } from './invoice-save.service.js';
import { changeInvoiceStatus, deleteInvoice } from './invoice-status.service.js';
import { sendCsv } from '../../lib/download.js';

const actorOf = (req: { auth: { companyId: number; userId: number; role: string } }): Actor => ({
  companyId: req.auth.companyId,
  userId: req.auth.userId,
  role: req.auth.role,
});

export async function privateRoutes(app: App) {
  const { db, wiring } = app.deps;

  app.get(
    '/invoice/new-number',
    { schema: { tags: ['invoice'], querystring: newNumberQuery, response: { 200: newNumberOut } } },
    async (req) => nextNumber(db, req.auth.companyId, { customerId: req.query.customerId, beer: req.query.beer }),
  );

  app.get(
    '/invoice/recent',
    { schema: { tags: ['invoice'], response: { 200: z.array(invoiceListRowOut) } } },
    async (req) => recentInvoices(db, req.auth.companyId),
  );

  app.get(
    '/invoice/last',
    {
      schema: {
        tags: ['invoice'],
        querystring: lastInvoiceQuery,
        response: { 200: invoiceDetailOut },
      },
    },
    async (req) => lastInvoice(wiring, db, req.auth.companyId, req.query.customerId),
  );

  app.get(
    '/invoice/grid',
    { schema: { tags: ['invoice'], querystring: invoiceGridQuery, response: { 200: invoiceGridOut } } },
    async (req) => invoiceGrid(db, req.auth.companyId, req.query, req.query.customerId),
  );

  app.get(
    '/invoice/export',
    {
      schema: { tags: ['invoice'], querystring: invoiceExportQuery, produces: ['text/csv'], response: { 200: csvOut } },
    },
    async (req, reply) => {
      const { customerId, type } = req.query;
      const csv = await invoiceCsv(db, req.auth.companyId, req.query, type, customerId);
      return sendCsv(reply, `invoices-${type}-${todayInTexas()}.csv`, csv);
    },
  );

  app.post(
    '/invoice',
    { schema: { tags: ['invoice'], body: invoiceRequestSchema, response: { 200: invoiceDetailOut } } },
    async (req) => {
      const body = req.body;
      const { detail } = await saveInvoice(wiring, db, actorOf(req), body);
      app.deps.emit(req.auth.companyId, 'invoice:created', { id: detail.id, number: detail.number, beer: detail.beer });
      // order:invoiced (staff and the ordering customer user) comes from the orders module's invoice hook
      return detail;
    },
  );

  app.put(
    '/invoice/:id',
    { schema: { tags: ['invoice'], params: idParams, body: invoiceUpdateSchema, response: { 200: invoiceDetailOut } } },
    async (req) => {
      if (req.body.kind === 'status') {
        const { detail, changed } = await changeInvoiceStatus(wiring, db, actorOf(req), req.params.id, req.body.change);
        if (changed)
          app.deps.emit(req.auth.companyId, 'invoice:updated', {
            id: detail.id,
            number: detail.number,
            beer: detail.beer,
          });
        return detail;
      }
      const { detail } = await saveInvoice(wiring, db, actorOf(req), req.body.invoice, req.params.id);
      app.deps.emit(req.auth.companyId, 'invoice:updated', { id: detail.id, number: detail.number, beer: detail.beer });
      return detail;
    },
  );

  app.get(
    '/invoice/:ref',
    {
      schema: {
        tags: ['invoice'],
        params: invoiceRefParams,
        querystring: invoiceRefQuery,
        response: { 200: invoiceDetailOut },
      },
    },
    async (req) => {
      const inv = await findInvoice(db, req.auth.companyId, invoiceKeyOf(req.params.ref, req.query.by, true));
      return loadInvoiceDetail(wiring, db, req.auth.companyId, inv.id);
    },
  );

  app.delete(
    '/invoice/:ref',
    {
      schema: {
        tags: ['invoice'],
        params: invoiceRefParams,
        querystring: invoiceRefQuery,
        response: { 200: invoiceDeletedOut },
      },
    },
    async (req) => {
      const res = await deleteInvoice(db, actorOf(req), invoiceKeyOf(req.params.ref, req.query.by));
      app.deps.emit(req.auth.companyId, 'invoice:deleted', { id: res.id, number: res.number, beer: res.beer });
      return res;
    },
  );

  app.get(
    '/company/quick-search',
    {
      schema: {
        tags: ['company'],
        querystring: quickSearchQuery,
        response: { 200: quickSearchOut },
      },
    },
    async (req) => quickSearch(db, req.auth.companyId, req.query.query),
  );
}
