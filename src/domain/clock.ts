/**
 * The service's one source of "now". Every rule that reads the time (derived tender status, the
 * daily quota's UTC day and `Retry-After`, session expiry, trial periods, the sample loader's
 * relative dates, the outbox worker's budget windows) asks a `Clock`, reached through `ctx.now()`,
 * never the wall clock itself. Production passes the system clock (src/system-clock.ts); tests a clock they set.
 */

/** Something that tells the time. */
export interface Clock {
  /** The current instant. */
  now(): Date;
}

/** A clock stopped at `instant` (ISO 8601 string or Date); for tests and reproducible scripts. */
export function fixedClock(instant: string | Date): Clock {
  const at = new Date(instant).getTime();
  if (Number.isNaN(at)) throw new Error(`fixedClock: not an instant: ${String(instant)}`);
  return { now: () => new Date(at) };
}

/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of `instant`'s UTC day. */
export const utcDay = (instant: Date): string => instant.toISOString().slice(0, 10);

/** Seconds from `instant` to the next UTC midnight (1..86400). */
export function secondsToUtcMidnight(instant: Date): number {
  const next = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - instant.getTime()) / 1000));
}
