/**
 * A TCP proxy in front of a server (PostgreSQL in test/reliability), to make it misbehave on cue:
 * - `pause()`: stop forwarding in both directions, connections stay open and new ones are accepted
 *   but get no answer — what a frozen server (SIGSTOP) looks like to a client; `resume()` forwards
 *   what was held, in order, and carries on;
 * - `refuse()`: stop listening (new connections are refused) and reset every open connection — a
 *   stopped server; `accept()` listens again on the same port.
 */
import net from 'node:net';

/** A running proxy (see the module comment). */
export interface TcpProxy {
  /** The port it listens on (127.0.0.1). */
  readonly port: number;
  pause(): void;
  resume(): void;
  refuse(): Promise<void>;
  accept(): Promise<void>;
  /** Ends everything. */
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 (a free port) forwarding to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let paused = false;
  const held: [net.Socket, Buffer][] = [];
  const sockets = new Set<net.Socket>();

  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (paused) held.push([to, chunk]);
      else to.write(chunk);
    });
    from.on('end', () => to.end());
    from.on('error', () => to.destroy());
    from.on('close', () => {
      sockets.delete(from);
      to.destroy();
    });
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    forward(client, upstream);
    forward(upstream, client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const [to, chunk] of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    async refuse() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.resetAndDestroy();
      held.length = 0;
      await closed;
    },
    accept: () => listen(port),
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
