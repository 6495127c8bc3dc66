/**
 * oidc-provider prints "Unsupported runtime. Use Node.js v22.x LTS…" to stderr when it is loaded on
 * Node 20, which this service supports (package.json `engines`; the provider runs there, and the
 * whole OAuth suite passes on it: decision 0052). Printed by every command that loads the app, it
 * reads like a failure to a person starting the service. This module is imported just before
 * oidc-provider (ES modules evaluate their imports in order): it holds back that one line while the
 * provider loads; provider.ts then calls {@link restoreConsoleWarn}. Every other warning passes.
 */
const original = console.warn;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING: Unsupported runtime')) return;
  original.apply(console, args);
};

/** Puts `console.warn` back as it was. */
export function restoreConsoleWarn(): void {
  console.warn = original;
}
