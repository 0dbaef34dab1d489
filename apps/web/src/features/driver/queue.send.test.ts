import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { sendCompletion } from './api';
import { type QueuedCompletion, putCompletion, queuedCompletions, removeCompletion, sendQueue } from './queue';

vi.mock('./api', () => ({ sendCompletion: vi.fn() }));
const send = vi.mocked(sendCompletion);

const completion = (n: number): QueuedCompletion => ({
  client_id: `c-${n}`,
  invoice_id: n,
  label: String(1000 + n),
  customer: 'The Broken Spoke',
  body: { client_id: `c-${n}` } as QueuedCompletion['body'],
  queued_at: n,
});

const offline = () => new TypeError('Failed to fetch');

beforeEach(async () => {
  send.mockReset();
  for (const c of await queuedCompletions()) await removeCompletion(c.client_id);
});

describe("the driver's completions waiting on the phone", () => {
  it('go in the order they were recorded, each once, and leave the phone', async () => {
    await putCompletion(completion(2));
    await putCompletion(completion(1));
    send.mockResolvedValue(undefined as never);
    expect(await sendQueue()).toEqual({ sent: 2, waiting: 0, signedOut: false });
    expect(send.mock.calls.map((c) => c[0])).toEqual([1, 2]);
    expect(await queuedCompletions()).toEqual([]);
  });

  it('stay, first in line, while there is no signal', async () => {
    await putCompletion(completion(1));
    await putCompletion(completion(2));
    send.mockRejectedValue(offline());
    expect(await sendQueue()).toEqual({ sent: 0, waiting: 2, signedOut: false });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('go when the signal returns during a send that is failing without it, not at the next timer', async () => {
    await putCompletion(completion(1));
    let failNow: (e: unknown) => void = () => {};
    // the send at start, without signal, is still failing when the 'online' event asks again
    send.mockImplementationOnce(() => new Promise((_, reject) => (failNow = reject)));
    const atStart = sendQueue();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    send.mockResolvedValue(undefined as never);
    const onOnline = sendQueue();
    failNow(offline());
    expect(await onOnline).toEqual({ sent: 1, waiting: 0, signedOut: false });
    expect(await atStart).toEqual({ sent: 1, waiting: 0, signedOut: false });
    expect(send).toHaveBeenCalledTimes(2);
    expect(await queuedCompletions()).toEqual([]);
  });

  it('a refusal is kept with its reason and tried again only when the driver asks', async () => {
    await putCompletion(completion(1));
    send.mockRejectedValueOnce(new ApiError(409, 'This invoice was already delivered'));
    expect(await sendQueue()).toEqual({ sent: 0, waiting: 1, signedOut: false });
    expect((await queuedCompletions())[0].error).toBe('This invoice was already delivered');
    expect(await sendQueue()).toEqual({ sent: 0, waiting: 1, signedOut: false });
    expect(send).toHaveBeenCalledTimes(1);
    send.mockResolvedValue(undefined as never);
    expect(await sendQueue({ retryRefused: true })).toEqual({ sent: 1, waiting: 0, signedOut: false });
  });
});
