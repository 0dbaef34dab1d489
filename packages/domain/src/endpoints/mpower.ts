/** MPower: sends an invoice now. */
import { endpoint } from '../endpoint.js';
import { mpowerInvoiceOut } from '../fintech.js';
import { idParams } from '../primitives.js';

export const mpowerSync = endpoint({
  method: 'GET',
  path: '/mpower/:id/sync',
  params: idParams,
  response: mpowerInvoiceOut,
});
