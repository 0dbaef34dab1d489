/** The delivery module's endpoints: routes of a day, their stops, the driver's phone, reconciliation. */
import { z } from 'zod';
import {
  driverListOut,
  eligibleListOut,
  reconciliationOut,
  routeCreateSchema,
  routeDateQuery,
  routeListOut,
  routeOut,
  routeUpdateSchema,
  stopCompleteOut,
  stopCompleteSchema,
} from '../delivery.js';
import { endpoint } from '../endpoint.js';
import { idParams } from '../primitives.js';

const invoiceIdParams = z.object({ invoiceId: idParams.shape.id });
const optionalDateQuery = z.object({ date: routeDateQuery.shape.date.optional() });

export const createRoute = endpoint({
  method: 'POST',
  path: '/delivery/route',
  body: routeCreateSchema,
  response: routeOut,
});

export const routes = endpoint({
  method: 'GET',
  path: '/delivery/route',
  query: routeDateQuery,
  response: routeListOut,
});

export const route = endpoint({
  method: 'GET',
  path: '/delivery/route/:id',
  params: idParams,
  response: routeOut,
});

export const updateRoute = endpoint({
  method: 'PUT',
  path: '/delivery/route/:id',
  params: idParams,
  body: routeUpdateSchema,
  response: routeOut,
});

export const deleteRoute = endpoint({
  method: 'DELETE',
  path: '/delivery/route/:id',
  params: idParams,
  response: z.object({ success: z.boolean(), id: z.number() }),
});

/** the signed-in driver's routes for a day (today in Texas by default): the phone's screen */
export const myRoutes = endpoint({
  method: 'GET',
  path: '/delivery/my-route',
  query: optionalDateQuery,
  response: routeListOut,
});

export const eligible = endpoint({ method: 'GET', path: '/delivery/eligible', response: eligibleListOut });

export const drivers = endpoint({ method: 'GET', path: '/delivery/drivers', response: driverListOut });

export const reconciliation = endpoint({
  method: 'GET',
  path: '/delivery/reconciliation',
  query: routeDateQuery,
  response: reconciliationOut,
});

/** a stop delivered (signature, photo, payment at the door); the phone's queue sends it again until it lands */
export const completeStop = endpoint({
  method: 'POST',
  path: '/delivery/stop/:invoiceId/complete',
  params: invoiceIdParams,
  body: stopCompleteSchema,
  response: stopCompleteOut,
});
