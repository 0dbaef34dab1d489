/**
 * The staff's order pages (spec 2): the grid, the detail by number (also the invoice builder's
 * `?order=` source), the status change, and the public printable order behind a signed link.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { gridQuerySchema } from '../grid.js';
import { printPageQuery, printTokenParams } from '../invoice-answers.js';
import { orderDetailOut, orderGridOut, orderNumberParams, orderOut, orderStatusChangeSchema } from '../order.js';
import { idParams } from '../primitives.js';

export const orderGrid = endpoint({
  method: 'GET',
  path: '/order/grid',
  query: gridQuerySchema,
  response: orderGridOut,
});

export const orderByNumber = endpoint({
  method: 'GET',
  path: '/order/:number',
  params: orderNumberParams,
  response: orderDetailOut,
});

/** cancel or reject: {status, note} */
export const changeOrderStatus = endpoint({
  method: 'PUT',
  path: '/order/:id',
  params: idParams,
  body: orderStatusChangeSchema,
  response: orderDetailOut,
});

/** The printable order page's data behind its signed link; ?format=pdf answers the PDF. A bad or expired token is a 404. */
export const printableOrder = endpoint({
  method: 'GET',
  path: '/pdf/order/:token',
  params: printTokenParams,
  query: printPageQuery,
  response: z.object({ order: orderOut }),
});
