import { FEATURES_ON_AT_SIGN_UP } from '@dbo/domain/features';
import type { Tx } from '../../db/client.js';
import { companies, companyFeatures, users } from './company.tables.js';

/**
 * A new company with its owner (auth's sign-up), in the caller's transaction: the free features
 * are on from the start (issue 36); the paid ones wait for the marketplace. A taken email throws
 * the unique violation for the caller to answer.
 */
export async function createCompanyWithOwner(
  tx: Tx,
  input: { companyName: string; email: string; name: string; title: string; passwordHash: string },
) {
  const [company] = await tx.insert(companies).values({ name: input.companyName }).returning();
  await tx
    .insert(companyFeatures)
    .values(FEATURES_ON_AT_SIGN_UP.map((name) => ({ company_id: company.id, name, active: true })));
  const [user] = await tx
    .insert(users)
    .values({
      company_id: company.id,
      email: input.email,
      name: input.name,
      title: input.title,
      role: 'owner',
      password_hash: input.passwordHash,
    })
    .returning();
  return { company, user };
}
