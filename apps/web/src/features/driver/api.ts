import type { RouteOut } from '@dbo/domain/delivery';
import { http } from '../../lib/api';

/** The driver's own routes of a day (GET /delivery/my-route); the page keeps them on the phone. */
export const fetchMyRoutes = (date: string) => http.get<RouteOut[]>('/delivery/my-route', { date });
