/**
 * The machine's wall clock: the one place the service reads it. The domain never does (it is
 * handed a `Clock`: `buildApp({ clock })`, `systemCtx(db, clock)`); the server, the CLI and the
 * worker pass this one, tests a `TestClock` (docs/decisions/0006-time-is-an-input.md).
 */
import type { Clock } from './domain/clock.js';

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };
