import type { ActivityModule, ActivityType } from '@dbo/domain/constants';
import type { GridQuery } from '@dbo/domain/grid';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type GridColumns, runGrid } from '../../db/grid.js';
import type { CompanyChangeListener } from '../company/company.service.js';
import { users } from '../company/company.tables.js';
import { activities } from './activity.tables.js';

export interface ActivityInput {
  companyId: number;
  userId?: number | null;
  module: ActivityModule;
  type: ActivityType;
  success?: boolean;
  info?: Record<string, unknown>;
}

export async function recordActivity(db: DbOrTx, a: ActivityInput): Promise<void> {
  await db.insert(activities).values({
    company_id: a.companyId,
    user_id: a.userId ?? null,
    module: a.module,
    type: a.type,
    success: a.success ?? true,
    info: a.info ?? {},
  });
}

/** The company's own changes (settings, logos, features), announced by company below this module. */
export const recordCompanyChange: CompanyChangeListener = (db, change) =>
  recordActivity(db, { ...change, module: 'COMPANY' });

const columns: GridColumns = {
  id: { expr: activities.id, type: 'number' },
  success: { expr: activities.success, type: 'boolean' },
  module: { expr: activities.module, type: 'set' },
  type: { expr: activities.type, type: 'set' },
  created_at: { expr: activities.created_at, type: 'timestamp' },
  user: { expr: users.name, type: 'text' },
  // the grid's user filter (GET /user/user-activity/users lists the choices)
  user_id: { expr: activities.user_id, type: 'integer' },
};

export async function activityGrid(db: DbOrTx, companyId: number, q: GridQuery) {
  return runGrid(db, {
    select: {
      id: activities.id,
      success: activities.success,
      module: activities.module,
      type: activities.type,
      info: activities.info,
      created_at: activities.created_at,
      user: sql<string | null>`${users.name}`,
      user_id: activities.user_id,
    },
    from: activities,
    joins: [{ table: users, on: eq(users.id, activities.user_id), kind: 'left', countOnlyFor: ['user'] }],
    columns,
    query: q,
    defaultSort: [{ colId: 'created_at', sort: 'desc' }],
    tieBreaker: activities.id,
    scope: [eq(activities.company_id, companyId)],
  });
}

/**
 * The company's staff (removed ones too: their rows still name them), for the activity grid's user
 * filter. Pending invitations have done nothing yet and are left out.
 */
export async function activityUsers(db: DbOrTx, companyId: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(sql`${users.company_id} = ${companyId} and ${isNull(users.invite_token_hash)}`)
    .orderBy(asc(users.name), asc(users.id));
}
