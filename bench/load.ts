/**
 * Loads one server with one scenario over HTTP: autocannon in a worker thread (so the load generator
 * does not share the event loop of the servers, which run in the benchmark's main thread), N
 * connections, each looping over the scenario's request sequence, for a bounded duration.
 */
import autocannon from 'autocannon';
import { measureCpu, type CpuShare } from './machine.js';

/** What one run measured. */
export interface LoadResult {
  /** Completed requests per second over the run. */
  rps: number;
  /** Latency percentiles and mean, milliseconds. */
  p50: number;
  p99: number;
  mean: number;
  requests: number;
  seconds: number;
  /** Responses other than 2xx, connection errors, timeouts: any of these makes the run invalid. */
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** CPU cores used during the run by this process, PostgreSQL and other processes (Linux only). */
  cpu?: CpuShare | undefined;
}

export interface LoadOptions {
  url: string;
  paths: readonly string[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

/** The run in progress, so that an interrupt can stop it. */
let running: autocannon.Instance | undefined;

/** Stops the run in progress, if any. */
export function stopLoad(): void {
  running?.stop();
}

/** Runs the load and summarises it. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    workers: 1,
    timeout: 30,
    headers: options.headers,
    requests: options.paths.map((path) => ({ method: 'GET', path })),
  });
  running = instance;
  const cpu = measureCpu();
  try {
    const r = await instance;
    return {
      cpu: cpu(),
      rps: r.duration > 0 ? r.requests.total / r.duration : 0,
      p50: r.latency.p50,
      p99: r.latency.p99,
      mean: r.latency.mean,
      requests: r.requests.total,
      seconds: r.duration,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
    };
  } finally {
    running = undefined;
  }
}

/**
 * Several runs of one server as one result: req/s over all requests and seconds, latency
 * percentiles averaged over the runs (weighted by requests), counts summed.
 */
export function combine(runs: LoadResult[]): LoadResult {
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  const weighted = (pick: (r: LoadResult) => number) => (requests > 0 ? runs.reduce((n, r) => n + pick(r) * r.requests, 0) / requests : 0);
  const statusCodes: Record<string, number> = {};
  const timed = runs.filter((r) => r.cpu);
  const time = timed.reduce((n, r) => n + r.seconds, 0);
  const cpuOf = (pick: (c: CpuShare) => number) => timed.reduce((n, r) => n + pick(r.cpu!) * r.seconds, 0) / time;
  const cpu =
    time > 0
      ? { total: cpuOf((c) => c.total), self: cpuOf((c) => c.self), postgres: cpuOf((c) => c.postgres), other: cpuOf((c) => c.other), busiest: timed.map((r) => r.cpu!.busiest).join('; ') }
      : undefined;
  for (const r of runs) for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  return {
    rps: seconds > 0 ? requests / seconds : 0,
    p50: weighted((r) => r.p50),
    p99: weighted((r) => r.p99),
    mean: weighted((r) => r.mean),
    requests,
    seconds,
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
    statusCodes,
    cpu,
  };
}

/** True when every request of the run was answered with a 2xx. */
export const isClean = (r: LoadResult): boolean => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0 && r.requests > 0;
