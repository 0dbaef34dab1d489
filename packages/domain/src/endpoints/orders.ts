/** The orders module's staff badge: how many orders wait to be handled. */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/** the placed orders' count (the menu's badge) */
export const orderCount = endpoint({
  method: 'GET',
  path: '/order/count',
  response: z.object({ count: z.number() }),
});
