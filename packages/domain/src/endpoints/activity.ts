/** The activity module's endpoints: the company's activity log and the people it can be filtered by. */
import { z } from 'zod';
import { activityGridOut, activityUserOut } from '../activity.js';
import { endpoint } from '../endpoint.js';
import { gridQuery } from '../grid.js';

export const activityGrid = endpoint({
  method: 'GET',
  path: '/user/user-activity/grid',
  query: gridQuery(),
  response: activityGridOut,
});

export const activityUsers = endpoint({
  method: 'GET',
  path: '/user/user-activity/users',
  response: z.array(activityUserOut),
});
