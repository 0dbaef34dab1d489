import type { Socket } from 'socket.io-client';

export type RealtimeHandlers = Record<string, (payload: unknown) => void>;

/**
 * Connects to the server's socket.io (websocket transport only, the bearer token in the handshake's
 * auth.token) and routes the named events to the handlers. socket.io-client is loaded on demand so
 * the sign-in bundle stays small. Answers a function that disconnects.
 */
export function subscribeRealtime(token: string, handlers: RealtimeHandlers): () => void {
  let socket: Socket | undefined;
  let closed = false;
  void import('socket.io-client').then(({ io }) => {
    if (closed) return;
    socket = io({ path: '/socket.io', transports: ['websocket'], auth: { token } });
    for (const [event, fn] of Object.entries(handlers)) socket.on(event, fn);
  });
  return () => {
    closed = true;
    socket?.disconnect();
  };
}
