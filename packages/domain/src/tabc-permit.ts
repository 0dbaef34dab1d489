/**
 * TABC permits: the permit code and TABC id rules, the permit's expiry and delinquency warnings,
 * and the answers of the establishment search and expiry lookup. Re-exported by customer.ts.
 */
import { z } from 'zod';
import { DEFAULTS } from './constants.js';
import { addDays, daysBetween, todayInTexas } from './dates.js';

/** Two letters, an optional hyphen, six digits: MB123456 or MB-123456. */
export const PERMIT_CODE_RE = /^[A-Za-z]{2}-?\d{6}$/;

export function isPermitCode(value: string | null | undefined): boolean {
  return !!value && PERMIT_CODE_RE.test(value.trim());
}

/** A party's permit as every printed sheet and PDF shows it; a party without one reads '-'. */
export const permitLine = (tabcId: string | null | undefined) => `TABC Permit: ${tabcId?.trim() || '-'}`;

/** Upper case without spaces or hyphens, as permit codes are matched: 'mb-123456' -> 'MB123456'. */
export function normalizeTabcId(value: string | null | undefined): string {
  return (value ?? '').replace(/[\s-]/g, '').toUpperCase();
}

export interface TabcIdParts {
  tabc_id?: string | null;
  aims_id?: number | string | null;
  aims_license_type?: string | null;
}

/**
 * The TABC id is aims_license_type followed by aims_id when both exist and aims_id is at least 1;
 * otherwise the tabc_id field.
 */
export function buildTabcId(v: TabcIdParts): string {
  const type = (v.aims_license_type ?? '').trim().toUpperCase();
  const aims = v.aims_id === null || v.aims_id === undefined || v.aims_id === '' ? Number.NaN : Number(v.aims_id);
  if (type && Number.isInteger(aims) && aims >= 1) return `${type}${aims}`;
  return (v.tabc_id ?? '').trim().toUpperCase();
}

/** True when the TABC id comes from the AIMS fields rather than the tabc_id field. */
export function tabcIdFromAims(v: TabcIdParts): boolean {
  const aims = Number(v.aims_id);
  return !!(v.aims_license_type ?? '').trim() && Number.isInteger(aims) && aims >= 1 && v.aims_id !== '';
}

// ---- TABC permit expiry -------------------------------------------------------------------

export interface TabcExpiration {
  tabc_id: string;
  expiration_date: string | null;
  isExpired: boolean;
  /** days from today to the expiration date (negative once expired); null when unknown */
  expiringInDays: number | null;
  delinquency: { effective_date: string } | null;
}

export function tabcExpiration(
  tabcId: string,
  expirationDate: string | null | undefined,
  delinquentSince: string | null | undefined,
  today: string = todayInTexas(),
): TabcExpiration {
  const exp = expirationDate ?? null;
  const days = exp ? daysBetween(today, exp) : null;
  return {
    tabc_id: tabcId,
    expiration_date: exp,
    isExpired: days !== null && days < 0,
    expiringInDays: days,
    delinquency: delinquentSince ? { effective_date: delinquentSince } : null,
  };
}

export type PermitWarningLevel = 'expired' | 'expiring' | 'delinquent';

/** The warnings to show for a customer's permit (expired, under 30 days to expiry, delinquent list). */
export function permitWarnings(info: TabcExpiration | null | undefined): { level: PermitWarningLevel; text: string }[] {
  if (!info) return [];
  const out: { level: PermitWarningLevel; text: string }[] = [];
  if (info.isExpired) out.push({ level: 'expired', text: `TABC permit ${info.tabc_id} has expired` });
  else if (info.expiringInDays !== null && info.expiringInDays < DEFAULTS.permitWarningDays) {
    const d = info.expiringInDays;
    out.push({
      level: 'expiring',
      text: `TABC permit ${info.tabc_id} expires ${d === 0 ? 'today' : d === 1 ? 'in 1 day' : `in ${d} days`}`,
    });
  }
  if (info.delinquency) out.push({ level: 'delinquent', text: `${info.tabc_id} is on the TABC delinquent list` });
  return out;
}

/** Re-exported for callers that compute a permit's expiry window. */
export const permitWarningDate = (today: string = todayInTexas()) => addDays(today, DEFAULTS.permitWarningDays);

// ---- answers ------------------------------------------------------------------------------------

export const establishmentSuggestionOut = z.object({
  license_type: z.string(),
  license_id: z.string(),
  tabc_id: z.string(),
  trade_name: z.string(),
  owner: z.string(),
  address: z.string(),
  city: z.string(),
  county: z.string(),
  state: z.string(),
  zip: z.string(),
  status: z.string(),
  issue_date: z.string().nullable(),
  expiration_date: z.string().nullable(),
  name: z.string(),
  aims_license_type: z.string().nullable(),
  aims_id: z.number().nullable(),
});

export const tabcExpirationOut = z.object({
  tabc_id: z.string(),
  expiration_date: z.string().nullable(),
  isExpired: z.boolean(),
  expiringInDays: z.number().nullable(),
  delinquency: z.object({ effective_date: z.string() }).nullable(),
});
