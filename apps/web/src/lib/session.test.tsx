import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from './api';
import { stubBrowserApis } from './test-dom';
import { SessionProvider, useSession } from './session';

beforeAll(() => stubBrowserApis());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function Status() {
  return <span data-testid="status">{useSession().status}</span>;
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Mounts the session on a stored token, the server answering `answers` in turn (or through `fetch`). */
function start(
  answers: Response[],
  fetch = vi.fn(async () => answers.shift() ?? answer(500, { message: 'no more answers' })),
) {
  vi.stubGlobal('fetch', fetch);
  localStorage.setItem(TOKEN_KEY, 'a-token');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <Status />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return fetch;
}

const user = { id: 1, name: 'Dana', email: 'dana@example.com', role: 'owner', company: null };

describe('the session at start', () => {
  it('asks again when the server did not answer, instead of signing the user out', async () => {
    const fetch = start([answer(503, { message: 'Busy' }), answer(200, { user })]);
    expect(await screen.findByText('signedIn', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('a-token');
  });

  it('keeps the token while the phone has no signal, however long, and signs in when it is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let online = false;
      const fetch = start(
        [],
        vi.fn(async () => {
          if (!online) throw new TypeError('Failed to fetch');
          return answer(200, { user });
        }),
      );
      // a minute without signal: asked again and again, never signed out
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetch.mock.calls.length).toBeGreaterThan(5);
      expect(screen.getByTestId('status').textContent).toBe('checking');
      expect(localStorage.getItem(TOKEN_KEY)).toBe('a-token');
      // the signal returns: the check goes through at once (the pending retry's timer is a fake one
      // that never fires now: only the browser's 'online' event can end the wait)
      vi.useRealTimers();
      online = true;
      window.dispatchEvent(new Event('online'));
      expect(await screen.findByText('signedIn', undefined, { timeout: 2_000 })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('signs out at once when the server refuses the token', async () => {
    const fetch = start([answer(401, { message: 'Unauthorized' })]);
    expect(await screen.findByText('signedOut', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
