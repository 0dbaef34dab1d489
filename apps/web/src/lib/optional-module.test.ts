import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useOptionalModule } from './optional-module';

const failedFetch = () => new TypeError('Failed to fetch dynamically imported module');

describe('a module the screen works without', () => {
  it('is not asked for until it is wanted', async () => {
    const load = vi.fn(async () => ({ name: 'live' }));
    const { result, rerender } = renderHook(({ wanted }) => useOptionalModule(wanted, load), {
      initialProps: { wanted: false },
    });
    expect(load).not.toHaveBeenCalled();
    expect(result.current).toBeNull();
    rerender({ wanted: true });
    await waitFor(() => expect(result.current).toEqual({ name: 'live' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves the screen as it is when its code cannot be fetched, and comes when the signal returns', async () => {
    const load = vi.fn<() => Promise<{ name: string }>>().mockRejectedValueOnce(failedFetch());
    load.mockResolvedValue({ name: 'live' });
    const { result } = renderHook(() => useOptionalModule(true, load));
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current).toBeNull();

    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current).toEqual({ name: 'live' }));
    expect(load).toHaveBeenCalledTimes(2);

    // loaded: a later 'online' (the signal flickers) asks for nothing more
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stops listening once the screen is gone', async () => {
    const load = vi.fn<() => Promise<unknown>>().mockRejectedValue(failedFetch());
    const { unmount } = renderHook(() => useOptionalModule(true, load));
    await act(async () => {});
    unmount();
    window.dispatchEvent(new Event('online'));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
