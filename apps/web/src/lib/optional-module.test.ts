import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPTIONAL_RETRY_MS, useOptionalModule } from './optional-module';

const failedFetch = () => new TypeError('Failed to fetch dynamically imported module');
/** lets the loader's promise settle and the timers due within `ms` run */
const pass = (ms = 0) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

let onLine: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers();
  onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(() => {
  vi.useRealTimers();
  onLine.mockRestore();
});

describe('a module the screen works without', () => {
  it('is not asked for until it is wanted', async () => {
    const load = vi.fn(async () => ({ name: 'live' }));
    const { result, rerender } = renderHook(({ wanted }) => useOptionalModule(wanted, load), {
      initialProps: { wanted: false },
    });
    await pass();
    expect(load).not.toHaveBeenCalled();
    expect(result.current).toBeNull();
    rerender({ wanted: true });
    await pass();
    expect(result.current).toEqual({ name: 'live' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves the screen as it is while offline, and comes when the signal returns', async () => {
    onLine.mockReturnValue(false);
    const load = vi.fn<() => Promise<{ name: string }>>().mockRejectedValueOnce(failedFetch());
    load.mockResolvedValue({ name: 'live' });
    const { result } = renderHook(() => useOptionalModule(true, load));
    await pass(10 * OPTIONAL_RETRY_MS);
    // offline, nothing is asked for again until the signal returns
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current).toBeNull();

    onLine.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await pass();
    expect(result.current).toEqual({ name: 'live' });
    expect(load).toHaveBeenCalledTimes(2);

    // loaded: a later 'online' (the signal flickers) asks for nothing more
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("asks again after a wait when the 'online' event came before the network carried the request", async () => {
    const load = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(failedFetch())
      .mockRejectedValueOnce(failedFetch())
      .mockResolvedValue({ name: 'live' });
    const { result } = renderHook(() => useOptionalModule(true, load));
    await pass();
    expect(load).toHaveBeenCalledTimes(1);
    await pass(OPTIONAL_RETRY_MS);
    expect(load).toHaveBeenCalledTimes(2);
    // the wait doubles
    await pass(OPTIONAL_RETRY_MS);
    expect(load).toHaveBeenCalledTimes(2);
    await pass(OPTIONAL_RETRY_MS);
    expect(load).toHaveBeenCalledTimes(3);
    expect(result.current).toEqual({ name: 'live' });
  });

  it('stops asking once the screen is gone', async () => {
    const load = vi.fn<() => Promise<unknown>>().mockRejectedValue(failedFetch());
    const { unmount } = renderHook(() => useOptionalModule(true, load));
    await pass();
    unmount();
    window.dispatchEvent(new Event('online'));
    await pass(10 * OPTIONAL_RETRY_MS);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
