import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The caps on connections, in all and per client address, count every connection, but only those serving
 * a request (a body still arriving, an answer awaited, a live stream) are held against newcomers: when a
 * cap is reached, the connection idle the longest (no request yet, headers still trickling in, or kept
 * alive after its answer) is closed to make room, and a new connection is refused only when every
 * connection under the cap is serving a request. A whole office behind one address, or a client holding
 * thousands of idle connections, thus never shuts out that address's next short request, while slow
 * bodies and held requests stay capped as before. Closing an idle keep-alive connection is ordinary
 * HTTP (RFC 9112, 9.6): clients open another.
 */
export function enforceConnectionCaps(
  server: Server,
  { maxConnections, maxConnectionsPerClient }: { maxConnections: number; maxConnectionsPerClient: number },
): void {
  // Oldest first: a Set keeps insertion order, and a socket is re-inserted each time it becomes idle.
  const idle = new Set<Socket>();
  const idleByClient = new Map<string, Set<Socket>>();
  const countByClient = new Map<string, number>();
  const clientOf = new Map<Socket, string>();
  const busy = new Map<Socket, number>();

  const markIdle = (socket: Socket, client: string) => {
    idle.add(socket);
    const own = idleByClient.get(client) ?? new Set<Socket>();
    own.add(socket);
    idleByClient.set(client, own);
  };
  const unmarkIdle = (socket: Socket, client: string) => {
    idle.delete(socket);
    const own = idleByClient.get(client);
    own?.delete(socket);
    if (own?.size === 0) idleByClient.delete(client);
  };
  /** Takes `socket` off the roster; once only, whether it closed or was closed to make room. */
  const forget = (socket: Socket) => {
    const client = clientOf.get(socket);
    if (client === undefined) return;
    clientOf.delete(socket);
    busy.delete(socket);
    unmarkIdle(socket, client);
    const left = (countByClient.get(client) ?? 1) - 1;
    if (left === 0) countByClient.delete(client);
    else countByClient.set(client, left);
  };
  /** Closes the longest idle of `among`; false when none is idle. */
  const closeLongestIdle = (among: Set<Socket> | undefined) => {
    const oldest = among?.values().next().value;
    if (oldest === undefined) return false;
    forget(oldest);
    oldest.destroy();
    return true;
  };

  server.on('connection', (socket: Socket) => {
    const client = socket.remoteAddress ?? '';
    const roomForClient =
      (countByClient.get(client) ?? 0) < maxConnectionsPerClient ||
      closeLongestIdle(idleByClient.get(client));
    // As Node does past maxConnections: closed before a byte is read.
    if (!roomForClient || (clientOf.size >= maxConnections && !closeLongestIdle(idle))) {
      socket.destroy();
      return;
    }
    clientOf.set(socket, client);
    countByClient.set(client, (countByClient.get(client) ?? 0) + 1);
    markIdle(socket, client);
    socket.once('close', () => forget(socket));
  });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const { socket } = request;
    const client = clientOf.get(socket);
    if (client === undefined) return;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    unmarkIdle(socket, client);
    response.once('close', () => {
      const serving = (busy.get(socket) ?? 1) - 1;
      if (!clientOf.has(socket)) return;
      busy.set(socket, serving);
      if (serving === 0 && !socket.destroyed) markIdle(socket, client);
    });
  });
}
