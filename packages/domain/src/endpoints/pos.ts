/**
 * Bottle POS and Clover (spec 2 section 7): the same four calls under /bottle-pos/ and /clover/,
 * one group per partner, plus the Bottle POS invoice export.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  exportedInvoiceOut,
  exportInvoicesQuery,
  syncHistoryOut,
  syncIdParams,
  syncInvoicesQuery,
  syncLogOut,
  syncProductsQuery,
  syncStartedOut,
} from '../pos-sync.js';

/** A partner's four sync calls under `/<segment>/` (`POS_PATH`), keeping the literal paths. */
export function posEndpoints<const S extends string>(segment: S) {
  return {
    syncHistory: endpoint({ method: 'GET', path: `/${segment}/sync/history`, response: syncHistoryOut }),
    syncInvoices: endpoint({
      method: 'GET',
      path: `/${segment}/sync-invoices`,
      query: syncInvoicesQuery,
      response: syncStartedOut,
    }),
    syncProducts: endpoint({
      method: 'GET',
      path: `/${segment}/sync-products`,
      query: syncProductsQuery,
      response: syncStartedOut,
    }),
    syncLog: endpoint({
      method: 'GET',
      path: `/${segment}/sync-log/:syncId`,
      params: syncIdParams,
      response: syncLogOut,
    }),
  };
}

export const bottlePos = {
  ...posEndpoints('bottle-pos'),
  /** a JSON file (attachment) of the invoices the filter selects */
  exportInvoices: endpoint({
    method: 'GET',
    path: '/bottle-pos/export-invoices',
    query: exportInvoicesQuery,
    response: z.array(exportedInvoiceOut).describe('JSON file (attachment)'),
  }),
};

export const clover = posEndpoints('clover');
