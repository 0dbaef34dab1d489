import type { Socket } from 'socket.io-client';

/**
 * Connects to the server's socket.io (websocket transport only, the bearer token in the handshake's
 * auth.token) and hands every event to `onEvent`. socket.io-client is loaded on demand so the
 * sign-in bundle stays small. `onConnect` is called on each (re)connection, once the socket hears its
 * rooms. Answers a function that disconnects. Screens listen through
 * `useLiveEvent` (lib/live-events.tsx), not here.
 */
export function connectRealtime(
  token: string,
  onEvent: (name: string, payload: unknown) => void,
  onConnect?: () => void,
): () => void {
  let socket: Socket | undefined;
  let closed = false;
  void import('socket.io-client').then(({ io }) => {
    if (closed) return;
    socket = io({ path: '/socket.io', transports: ['websocket'], auth: { token } });
    socket.onAny((name: string, payload: unknown) => onEvent(name, payload));
    // the server joins the socket's rooms before it accepts it: from here on no event is missed
    if (onConnect) socket.on('connect', onConnect);
  });
  return () => {
    closed = true;
    socket?.disconnect();
  };
}
