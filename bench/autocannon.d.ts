/**
 * The part of autocannon 8's programmatic API that the benchmark uses (the package ships no types).
 * See node_modules/autocannon/README.md, "API".
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    /** One request of the sequence each connection loops over. */
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Run the load in this many worker threads (the load generator then leaves the caller's event loop alone). */
      workers?: number;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      headers?: Record<string, string>;
      requests?: Request[];
    }

    /** A histogram summary; for `latency` the values are milliseconds. */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
    }

    interface Result {
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      '4xx': number;
      '5xx': number;
      statusCodeStats: Record<string, { count: number }>;
      latency: Histogram;
      requests: Histogram & { sent: number };
      throughput: Histogram;
    }

    /** A running load: an event emitter that is also a promise of the result. */
    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
