import { APP_VERSION } from '@dbo/domain/constants';
import { beforeEach, describe, expect, it } from 'vitest';
import { CACHE_TIMESTAMP, needsCacheClear, purgeLocalData } from './version-gate';

describe('version gate', () => {
  beforeEach(() => localStorage.clear());

  it('lets a first visit through and records the version', () => {
    expect(needsCacheClear()).toBe(false);
    expect(localStorage.getItem('dbo.version')).toBe(APP_VERSION);
  });

  it('sends a stored version below 3.98 through /cache/clear, once', () => {
    localStorage.setItem('dbo.version', '3.97.9');
    expect(needsCacheClear()).toBe(true);
    expect(needsCacheClear()).toBe(false);
  });

  it('keeps 3.98 and later, and clears when the cache timestamp changed', () => {
    localStorage.setItem('dbo.version', '3.98');
    localStorage.setItem('dbo.cacheTimestamp', CACHE_TIMESTAMP);
    expect(needsCacheClear()).toBe(false);
    localStorage.setItem('dbo.cacheTimestamp', 'older');
    expect(needsCacheClear()).toBe(true);
  });

  it('purges everything but the session', () => {
    localStorage.setItem('dbo.token', 't');
    localStorage.setItem('dbo.navCollapsed', '1');
    purgeLocalData(['dbo.token']);
    expect(localStorage.getItem('dbo.token')).toBe('t');
    expect(localStorage.getItem('dbo.navCollapsed')).toBeNull();
  });
});
