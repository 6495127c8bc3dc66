/** Where the browser tests find Chromium (kept apart from service.ts so the test runner can ask cheaply). */
import { existsSync } from 'node:fs';

/** CHROMIUM_PATH, else Debian's package (/usr/bin/chromium); null when none exists. */
export function chromiumPath(): string | null {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Chromium's flags for a quiet headless run in a container (no sandbox: root in CI). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];
