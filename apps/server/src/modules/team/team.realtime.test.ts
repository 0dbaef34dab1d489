import { describe, expect, it } from 'vitest';
import { client, signUpCompany, uniqueEmail } from '../../../test/helpers.js';
import { disconnected, useRealtimeApp } from '../../../test/realtime-fixtures.js';

const rt = useRealtimeApp();

async function teammate(owner: Awaited<ReturnType<typeof signUpCompany>>) {
  const email = uniqueEmail('office');
  const invited = await owner.api.post('/company/user-invitation', { name: 'Ola Office', email, role: 'office' });
  const mail = rt.ctx.mails.at(-1)!;
  const token = decodeURIComponent(/invitation=([\w%-]+)/.exec(String(mail.text))![1]);
  const joined = await client(rt.ctx).post('/auth/signup', {
    token,
    name: 'Ola',
    password: 'ola-pass',
    confirm_password: 'ola-pass',
  });
  return { id: invited.body.id as number, token: joined.body.access_token as string };
}

describe('a disabled or removed user loses their live socket at once', () => {
  it('closes the socket of a disabled user and refuses a new one', async () => {
    const owner = await signUpCompany(rt.ctx);
    const mate = await teammate(owner);
    const { socket } = await rt.open(mate.token);
    const gone = disconnected(socket);
    expect((await owner.api.put(`/company/users/${mate.id}`, { active: false })).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await expect(rt.open(mate.token)).rejects.toThrow(/Unauthorized/);
  });

  it('closes the socket of a removed user, and the owner’s stays open', async () => {
    const owner = await signUpCompany(rt.ctx);
    const mate = await teammate(owner);
    const mine = await rt.open(owner.token);
    const { socket } = await rt.open(mate.token);
    const gone = disconnected(socket);
    expect((await owner.api.del(`/company/users/${mate.id}`)).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(mine.socket.connected).toBe(true);
  });
});
