import { expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.js';
import { isTransientConflict, TRANSIENT_CONFLICT_MESSAGE } from './errors.js';

const t = useTestApp(
  {},
  {
    beforeReady: (app) => {
      // what drizzle throws when PostgreSQL picks this transaction as a deadlock's victim
      app.get('/api/v1/test-deadlock', async () => {
        throw Object.assign(new Error('Failed query'), { cause: { code: '40P01', message: 'deadlock detected' } });
      });
    },
  },
);

it('knows a deadlock and a serialisation failure, through the driver error’s cause', () => {
  expect(isTransientConflict({ code: '40P01' })).toBe(true);
  expect(isTransientConflict(new Error('x', { cause: { code: '40001' } }))).toBe(true);
  expect(isTransientConflict({ code: '23505' })).toBe(false);
  expect(isTransientConflict(undefined)).toBe(false);
});

it('answers a transaction conflict 503 with Retry-After and a message to try again, never a 500', async () => {
  const res = await t.ctx.app.inject({ method: 'GET', url: '/api/v1/test-deadlock' });
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('1');
  expect(res.json().message).toBe(TRANSIENT_CONFLICT_MESSAGE);
});
