/**
 * Runs `run` once the browser is idle (at the latest after `timeout` ms); answers a cancel. Code a
 * screen does not need for its first paint loads here, so it is ready before it is asked for.
 */
export function whenIdle(run: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const id = setTimeout(run, timeout);
    return () => clearTimeout(id);
  }
  const id = requestIdleCallback(run, { timeout });
  return () => cancelIdleCallback(id);
}
