/** Helpers of the benches that start the real server as a child process (export-speed, export-memory, scale-out). */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';

/** A TCP port free on 127.0.0.1 now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Waits until `GET /healthz` on `port` answers 200, polling every 100 ms, at most `attempts` times. */
export async function waitForHealth(port: number, attempts = 600): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/healthz' }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      }).on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

/** What {@link spawnServe} logs of the server's warm-up: its message and `took_ms`. */
export interface WarmUp {
  message: string;
  tookMs: number | undefined;
}

/** The last messages of `serve`'s warm-up of the project index (src/cli/serve.ts): loaded, or given up. */
const WARM_UP_DONE = ['project list orders loaded', 'project facet index not loaded: the first filtered request loads it'];

/**
 * Starts `airport-intel serve` on 127.0.0.1:`port` with `env` (LOG_LEVEL `info`; its stdout read
 * here, its warnings and errors passed on to stderr). `warmedUp` resolves once the server has
 * logged the end of its project index's warm-up (the index, its list orders and postings load in
 * the background after it listens, decisions 0062–0069): a bench that measures before then measures
 * the warm-up too (at a million projects, 35–60 s of a core and about 400 MB of memory).
 */
export function spawnServe(env: Record<string, string>, port: number): { child: ChildProcess; warmedUp: Promise<WarmUp> } {
  const child = spawn(process.execPath, [path.resolve('bin/airport-intel.js'), 'serve'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const warmedUp = new Promise<WarmUp>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`serve exited (${code}) before its warm-up ended`)));
    // Read every line to the end (a full pipe would stop the server).
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      let entry: { level?: number; msg?: string; took_ms?: number };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        process.stderr.write(line + '\n');
        return;
      }
      if ((entry.level ?? 0) >= 40) process.stderr.write(line + '\n');
      if (entry.msg && WARM_UP_DONE.includes(entry.msg)) resolve({ message: entry.msg, tookMs: entry.took_ms });
    });
  });
  warmedUp.catch(() => undefined); // a server stopped by the bench before it warmed up is no failure
  return { child, warmedUp };
}
