/**
 * The tests' clock: stopped at an instant until a test moves it. The harness builds the app and
 * loads the sample data with it, so every rule that reads "now" (tender status, quota day, session
 * expiry, trial periods, upcoming events) sees the same, chosen time, whatever the hour of the run.
 */
import type { Clock } from '../../src/domain/clock.js';

/** Where every harness clock starts: a fixed instant, mid-morning UTC. */
export const TEST_NOW = '2026-11-21T10:00:00.000Z';

/** A settable clock. */
export class TestClock implements Clock {
  private at: number;

  /** @param instant ISO 8601 string or Date; default {@link TEST_NOW} */
  constructor(instant: string | Date = TEST_NOW) {
    this.at = TestClock.parse(instant);
  }

  private static parse(instant: string | Date): number {
    const at = new Date(instant).getTime();
    if (Number.isNaN(at)) throw new Error(`TestClock: not an instant: ${String(instant)}`);
    return at;
  }

  /** The clock's current instant (a fresh Date each call). */
  now(): Date {
    return new Date(this.at);
  }

  /** Moves the clock to `instant`. */
  set(instant: string | Date): void {
    this.at = TestClock.parse(instant);
  }

  /** Moves the clock forward by `ms` milliseconds (backward when negative). */
  advance(ms: number): void {
    this.at += ms;
  }
}
