import type { ActivityModule, ActivityType } from '@dbo/domain/constants';
import type { GridQuery } from '@dbo/domain/grid';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type GridColumns, runGrid } from '../../db/grid.js';
import { onCompanyChange } from '../company/company.service.js';
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

// the company's own changes (settings, logos, features) are announced by company, below this module
onCompanyChange((db, change) => recordActivity(db, { ...change, module: 'COMPANY' }));

const columns: GridColumns = {
  id: { expr: activities.id, type: 'number' },
  success: { expr: activities.success, type: 'boolean' },
  module: { expr: activities.module, type: 'set' },
  type: { expr: activities.type, type: 'set' },
  created_at: { expr: activities.created_at, type: 'timestamp' },
  user: { expr: users.name, type: 'text' },
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
