import type { LiveEventName, LiveEventPayload } from '@dbo/domain/live-events';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import { connectRealtime } from './realtime';

/** a listener of one event, given its payload parsed by the event's schema */
type Listener = (payload: unknown) => void;

interface LiveEvents {
  /** adds a listener of one event; answers the function that removes it */
  on(name: LiveEventName, listener: Listener): () => void;
  /** adds a listener of the socket's (re)connections; answers the function that removes it */
  onConnect(listener: () => void): () => void;
}

const LiveEventsContext = createContext<LiveEvents | null>(null);

/**
 * The events' schemas (zod and the domain's schemas they use), loaded with the socket rather than
 * with the screen (issue 37): no event can arrive before the socket connects.
 */
let schemas: Promise<typeof import('@dbo/domain/live-events')> | undefined;
const loadSchemas = () => {
  schemas ??= import('@dbo/domain/live-events');
  return schemas;
};

/**
 * One socket for the screens under it (the staff shell, or the shop with a customer token): every
 * event of the typed map (`@dbo/domain/live-events`) goes to the `useLiveEvent` listeners of its
 * name. No token: no socket, and the listeners simply hear nothing.
 */
export function LiveEventsProvider({ token, children }: { token: string | null; children: ReactNode }) {
  const listeners = useMemo(() => new Map<LiveEventName, Set<Listener>>(), []);
  const connectListeners = useMemo(() => new Set<() => void>(), []);
  const bus = useMemo<LiveEvents>(
    () => ({
      on(name, listener) {
        const set = listeners.get(name) ?? new Set<Listener>();
        listeners.set(name, set);
        set.add(listener);
        return () => {
          set.delete(listener);
        };
      },
      onConnect(listener) {
        connectListeners.add(listener);
        return () => {
          connectListeners.delete(listener);
        };
      },
    }),
    [listeners, connectListeners],
  );
  useEffect(() => {
    if (!token) return;
    void loadSchemas();
    return connectRealtime(
      token,
      // each event waits for the same promise, so events reach the listeners in the order they came
      (name, raw) =>
        void loadSchemas().then(({ isLiveEventName, parseLiveEvent }) => {
          if (!isLiveEventName(name)) return;
          const payload = parseLiveEvent(name, raw);
          if (payload === undefined) console.warn(`live event ${name}: payload does not match its schema`, raw);
          else for (const listener of listeners.get(name) ?? []) listener(payload);
        }),
      () => {
        for (const listener of connectListeners) listener();
      },
    );
  }, [token, listeners, connectListeners]);
  return <LiveEventsContext.Provider value={bus}>{children}</LiveEventsContext.Provider>;
}

/**
 * Calls `handler` with the parsed payload each time the server emits `name` (one of the typed map's
 * events) while the component is mounted. The latest handler is called without re-subscribing; a
 * payload that does not match its schema is dropped by the provider (and said in the console).
 */
export function useLiveEvent<N extends LiveEventName>(name: N, handler: (payload: LiveEventPayload<N>) => void) {
  const bus = useContext(LiveEventsContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!bus) return;
    return bus.on(name, (payload) => latest.current(payload as LiveEventPayload<N>));
  }, [bus, name]);
}

/**
 * Calls `handler` each time the socket (re)connects: what changed while it was not listening (before
 * the first connection, or during a drop) arrived as no event, so a screen refetches what it holds.
 */
export function useLiveConnected(handler: () => void) {
  const bus = useContext(LiveEventsContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!bus) return;
    return bus.onConnect(() => latest.current());
  }, [bus]);
}
