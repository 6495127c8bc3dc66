/**
 * Vite configuration of the web app (docs/web-app.md). `npm run build:web` builds into web/dist
 * (hashed names under assets/, plus .br/.gz twins the server sends as they are);
 * `npm run dev:web` serves it with hot reload and forwards the service's own paths to a running
 * service (AIRPORT_INTEL_URL, default http://127.0.0.1:3000).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const target = process.env.AIRPORT_INTEL_URL ?? 'http://127.0.0.1:3000';
const SERVICE_PATHS = ['/v1', '/api', '/healthz', '/docs', '/openapi.json', '/metrics', '/.well-known'];

/** Writes a Brotli (quality 11) and a gzip (level 9) twin of every text asset over 1 KB. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'airport-intel-precompress',
    apply: 'build',
    configResolved(config) { outDir = path.resolve(config.root, config.build.outDir); },
    closeBundle() {
      const dir = path.join(outDir, 'assets');
      for (const name of readdirSync(dir)) {
        if (!/\.(js|css|svg|json|txt)$/.test(name)) continue;
        const file = path.join(dir, name);
        if (statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // No inline script (the Content-Security-Policy allows none): modern browsers preload modules natively.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // The pre-compression above takes a few seconds on purpose (Brotli 11): no timing report about it.
    rolldownOptions: { checks: { pluginTimings: false } },
  },
  server: {
    port: 5173,
    // The service checks the Origin of cookie-authenticated writes against its public base URL: the
    // proxy presents the service's own origin (dev only).
    proxy: Object.fromEntries(SERVICE_PATHS.map((p) => [p, {
      target,
      configure: (proxy: { on(event: 'proxyReq', fn: (req: { getHeader(n: string): unknown; setHeader(n: string, v: string): void }) => void): void }) => {
        proxy.on('proxyReq', (req) => { if (req.getHeader('origin')) req.setHeader('origin', new URL(target).origin); });
      },
    }])),
  },
});
