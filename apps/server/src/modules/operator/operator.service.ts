import { featureDefinition, FEATURES, type FeatureName } from '@dbo/domain/features';
import {
  OPERATOR_MSG,
  type OperatorCompany,
  type OperatorFeatureBody,
  type OperatorFeatureRequest,
  PRICING_FEATURES,
} from '@dbo/domain/operator';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { recordActivity } from '../activity/activity.service.js';
import { type CompanyWiring, setFeatureState } from '../company/company.service.js';
import { companies, companyFeatures, users } from '../company/company.tables.js';

const titleOf = (name: string) => featureDefinition(name)?.title ?? name;

/** GET /operator/companies: every company with its team's size, active features and open requests. */
export async function operatorCompanies(db: Db): Promise<OperatorCompany[]> {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      created_at: companies.created_at,
      // spelled out with an alias: Drizzle writes the columns unqualified, and inside the sub-select
      // "id" named the user's own id (PostgreSQL counted 108 users for a company of 2)
      users: sql<number>`(select count(*)::int from users u where u.company_id = "companies"."id" and u.removed_at is null)`,
    })
    .from(companies)
    .orderBy(desc(companies.id));
  const features = await db
    .select({
      company_id: companyFeatures.company_id,
      name: companyFeatures.name,
      active: companyFeatures.active,
      ignore_pricing: companyFeatures.ignore_pricing,
      requested: companyFeatures.access_requested_at,
    })
    .from(companyFeatures)
    .orderBy(asc(companyFeatures.name));
  return rows.map((c) => {
    const own = features.filter((f) => f.company_id === c.id);
    return {
      ...c,
      active_features: own.filter((f) => f.active).map((f) => f.name),
      open_requests: own.filter((f) => !f.active && f.requested).map((f) => f.name),
      ignore_pricing: own.filter((f) => f.ignore_pricing).map((f) => f.name),
    };
  });
}

/** GET /operator/feature-requests: every access request, open ones first, newest first. */
export async function operatorFeatureRequests(db: Db): Promise<OperatorFeatureRequest[]> {
  const rows = await db
    .select({
      company_id: companyFeatures.company_id,
      company_name: companies.name,
      feature: companyFeatures.name,
      requested_at: companyFeatures.access_requested_at,
      active: companyFeatures.active,
    })
    .from(companyFeatures)
    .innerJoin(companies, eq(companies.id, companyFeatures.company_id))
    .where(isNotNull(companyFeatures.access_requested_at))
    .orderBy(asc(companyFeatures.active), desc(companyFeatures.access_requested_at), asc(companyFeatures.id));
  return rows.map((r) => ({
    company_id: r.company_id,
    company_name: r.company_name,
    feature: r.feature,
    title: titleOf(r.feature),
    requested_at: r.requested_at as Date,
    status: r.active ? 'granted' : 'open',
  }));
}

/** The company's signed-up, active owners (a granted feature is mailed to them). */
async function ownerAddresses(db: Db, companyId: number) {
  const rows = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.role, 'owner'),
        eq(users.active, true),
        isNull(users.removed_at),
        isNull(users.invite_token_hash),
      ),
    );
  return rows;
}

/**
 * PUT /operator/company/{id}/feature/{name}: switches any feature (gated ones included) and sets
 * ignore_pricing on Bottle POS or Clover. Logged in the company's activity as the operator's; a
 * requested feature switched on is a grant, and the company's owners are told by mail.
 */
export async function operatorSetFeature(
  w: CompanyWiring,
  db: Db,
  companyId: number,
  name: string,
  body: OperatorFeatureBody,
  mail: (to: string[], company: string, feature: string) => Promise<void>,
) {
  const def = FEATURES.find((f) => f.name === name);
  if (!def) throw badRequest(OPERATOR_MSG.unknownFeature);
  if (def.comingSoon) throw badRequest(OPERATOR_MSG.comingSoon);
  if (body.ignore_pricing !== undefined && !(PRICING_FEATURES as readonly string[]).includes(name))
    throw badRequest(OPERATOR_MSG.ignorePricingPos);
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound(OPERATOR_MSG.companyNotFound);

  const { before, row } = await setFeatureState(w, db, companyId, name as FeatureName, body);
  const granted = row.active && !before?.active && !!before?.access_requested_at;
  const type = granted
    ? 'FEATURE_GRANT'
    : row.active === !!before?.active
      ? 'UPDATE'
      : row.active
        ? 'FEATURE_ON'
        : 'FEATURE_OFF';
  await recordActivity(db, {
    companyId,
    userId: null,
    module: 'OPERATOR',
    type,
    info: {
      feature: name,
      name: def.title,
      by: 'operator',
      active: row.active,
      ...(body.ignore_pricing === undefined ? {} : { ignore_pricing: row.ignore_pricing }),
    },
  });
  let mailed = 0;
  if (granted) {
    const owners = await ownerAddresses(db, companyId);
    if (owners.length > 0) {
      await mail(
        owners.map((o) => o.email),
        company.name,
        def.title,
      );
      mailed = owners.length;
    }
  }
  return {
    result: {
      company_id: companyId,
      name: row.name as FeatureName,
      active: row.active,
      ignore_pricing: row.ignore_pricing,
      access_requested: !!row.access_requested_at && !row.active,
      owners_mailed: mailed,
    },
    type,
  };
}
