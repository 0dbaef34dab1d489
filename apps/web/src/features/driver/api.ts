import * as api from '@dbo/domain/endpoints/delivery';
import type { StopCompleteInput } from '@dbo/domain/delivery';
import { type Answer, call } from '../../lib/endpoints';

/** A route of the driver's day, as the server answers it (and the phone keeps it). */
export type DriverRoute = Answer<typeof api.myRoutes>[number];
/** An invoice of a stop on the driver's route. */
export type DriverInvoice = DriverRoute['stops'][number]['invoices'][number];

/** The driver's own routes of a day (GET /delivery/my-route); the page keeps them on the phone. */
export const fetchMyRoutes = (date: string) => call(api.myRoutes, { query: { date } });

/** A stop's completion (the offline queue sends it, again until the server has it). */
export const sendCompletion = (invoiceId: number, body: StopCompleteInput) =>
  call(api.completeStop, { params: { invoiceId }, body });
