/** Issue 35, case 10: the CSP lets the page connect to its own origin only (the socket included). */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.js';

const t = useTestApp();

describe('content security policy', () => {
  it("allows connect-src 'self' and no websocket to any host", async () => {
    const res = await t.ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/\bws:|\bwss:/);
  });
});
