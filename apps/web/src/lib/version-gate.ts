import { APP_VERSION, REQUIRED_APP_VERSION } from '@dbo/domain/constants';

const VERSION_KEY = 'dbo.version';
const CACHE_KEY = 'dbo.cacheTimestamp';
/** Changes with every build, so a new deployment clears what the browser kept. */
export const CACHE_TIMESTAMP = import.meta.env.VITE_CACHE_TIMESTAMP ?? '2026-11-21';

function versionBelow(stored: string, required: string): boolean {
  const a = stored.split('.').map(Number);
  const b = required.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (Number.isNaN(x)) return true;
    if (x !== y) return x < y;
  }
  return false;
}

/**
 * If the stored app version is below the required one, or the cache timestamp differs, record the
 * current values and answer true: the caller sends the user through /cache/clear.
 */
export function needsCacheClear(): boolean {
  const stored = localStorage.getItem(VERSION_KEY);
  const cache = localStorage.getItem(CACHE_KEY);
  let clear = false;
  if (stored !== null && versionBelow(stored, REQUIRED_APP_VERSION)) clear = true;
  if (cache !== null && cache !== CACHE_TIMESTAMP) clear = true;
  localStorage.setItem(VERSION_KEY, APP_VERSION);
  localStorage.setItem(CACHE_KEY, CACHE_TIMESTAMP);
  return clear;
}

/** Purges locally stored data except the session and the version marks. */
export function purgeLocalData(keep: string[]) {
  const saved = keep.map((k) => [k, localStorage.getItem(k)] as const);
  localStorage.clear();
  sessionStorage.clear();
  for (const [k, v] of saved) if (v !== null) localStorage.setItem(k, v);
  localStorage.setItem(VERSION_KEY, APP_VERSION);
  localStorage.setItem(CACHE_KEY, CACHE_TIMESTAMP);
}
