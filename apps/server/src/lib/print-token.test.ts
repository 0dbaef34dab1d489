/** The four public printable pages read their token the same way: odd input is a 400, a wrong token a 404. */
import { PRIMITIVE_MSG } from '@dbo/domain/primitives';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.js';

const t = useTestApp();
const PAGES = ['pdf/invoice', 'pdf/order', 'pdf/customer/balance', 'pdf/customer/statement'];
const get = (page: string, token: string) => t.ctx.app.inject({ method: 'GET', url: `/api/v1/${page}/${token}` });

describe.each(PAGES)('GET /%s/{token}', (page) => {
  it('is a 404 for a token it did not sign, short or as long as allowed', async () => {
    for (const token of ['nope', 'eyJ.eyJ.sig', 'x'.repeat(1000)]) {
      const res = await get(page, token);
      expect(res.statusCode, token.slice(0, 12)).toBe(404);
      expect(res.json().message).toBe('Sorry, something went wrong!');
    }
  });

  it('is a 400 for a NUL byte, never a 500', async () => {
    const res = await get(page, 'a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PRIMITIVE_MSG.nul);
  });

  it('is a 414 for a token over 1,000 characters (the router refuses it before the route)', async () => {
    expect((await get(page, 'x'.repeat(1001))).statusCode).toBe(414);
  });
});
