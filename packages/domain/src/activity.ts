import { z } from 'zod';
import { gridAnswer } from './grid.js';
import { timestampOut } from './primitives.js';

/** A row of GET /user/user-activity/grid. */
export const activityRowOut = z.object({
  id: z.number(),
  success: z.boolean(),
  module: z.string(),
  type: z.string(),
  // the activity's own details: open by nature (each module logs its own keys)
  info: z.record(z.string(), z.unknown()),
  created_at: timestampOut,
  user: z.string().nullable(),
  user_id: z.number().nullable(),
});
export const activityGridOut = gridAnswer(activityRowOut);

/** GET /user/user-activity/users: the people the activity grid can be filtered by (the company's staff). */
export const activityUserOut = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type ActivityUser = z.infer<typeof activityUserOut>;
