import { describe, expect, it } from 'vitest';
import { signUpCompany, secondSession, changePassword } from '../../../test/helpers.js';
import { disconnected, useRealtimeApp } from '../../../test/realtime-fixtures.js';

const rt = useRealtimeApp();
const openSocket = async (token: string) => (await rt.open(token)).socket;

describe('sockets follow their sessions', () => {
  it('closes a socket when its own session signs out', async () => {
    const owner = await signUpCompany(rt.ctx);
    const socket = await openSocket(owner.token);
    const gone = disconnected(socket);
    expect((await owner.api.post('/auth/signout')).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    // and a revoked token cannot open a new one
    await expect(openSocket(owner.token)).rejects.toThrow(/Unauthorized/);
  });

  it("closes the other sessions' sockets on a password change and keeps this one", async () => {
    const owner = await signUpCompany(rt.ctx);
    const other = await secondSession(rt.ctx, owner);
    const mine = await openSocket(owner.token);
    const theirs = await openSocket(other.token!);
    const gone = disconnected(theirs);
    const res = await changePassword(owner, 'fresh-pass');
    expect(res.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    // this session's socket still gets the company's events
    const event = new Promise((resolve) => mine.once('stamp:update', resolve));
    rt.ctx.app.deps.emit(owner.companyId, 'stamp:update', { roll_id: 7 });
    expect(await event).toEqual({ roll_id: 7 });
    expect(mine.connected).toBe(true);
  });
});
