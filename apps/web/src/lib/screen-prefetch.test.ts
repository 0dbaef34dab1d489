import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchScreens, registerScreens } from './screen-prefetch';

afterEach(() => vi.useRealTimers());

/** Lets every pending idle timeout and promise settle. */
async function settle() {
  for (let i = 0; i < 20; i++) {
    await vi.advanceTimersByTimeAsync(2_000);
  }
}

describe('screens fetched ahead while the page is idle (issue 37)', () => {
  it('fetches the menu screens but the current one, one after the other, and a failed one does not stop the rest', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const order: string[] = [];
    let inFlight = 0;
    let most = 0;
    const loader =
      (path: string, fail = false) =>
      async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        order.push(path);
        await new Promise((r) => setTimeout(r, 50));
        inFlight -= 1;
        if (fail) throw new Error('offline');
        return { Component: () => null };
      };
    registerScreens([
      { path: '/dashboard', lazy: loader('/dashboard') },
      { path: '/invoice', lazy: loader('/invoice', true) },
      { path: '/customer', lazy: loader('/customer') },
      { path: '/invoice/:number', lazy: loader('/invoice/:number') },
    ]);
    prefetchScreens(['/dashboard', '/invoice', '/customer', '/nowhere'], '/dashboard');
    await settle();
    expect(order).toEqual(['/invoice', '/customer']);
    expect(most).toBe(1);
  });

  it('stops when asked, and fetches nothing on a connection that saves data', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const order: string[] = [];
    const loader = (path: string) => async () => {
      order.push(path);
      return {};
    };
    registerScreens([
      { path: '/payment', lazy: loader('/payment') },
      { path: '/stamp', lazy: loader('/stamp') },
    ]);
    const stop = prefetchScreens(['/payment', '/stamp'], '/dashboard');
    stop();
    await settle();
    expect(order).toEqual([]);

    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    prefetchScreens(['/payment', '/stamp'], '/dashboard');
    await settle();
    expect(order).toEqual([]);
    Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
    prefetchScreens(['/payment', '/stamp'], '/dashboard');
    await settle();
    expect(order).toEqual(['/payment', '/stamp']);
  });
});
