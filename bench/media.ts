/**
 * `npm run bench:media`: throughput of image variants over HTTP (in-process, `inject`), cold (each
 * request renders a variant with sharp and stores it) and cached (each request reads a stored
 * variant), on a fresh embedded database. Prints one line per phase and a JSON summary.
 *
 *   MEDIA_BENCH_IMAGES=8 npm run bench:media
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { startHarness } from '../test/helpers/harness.js';

const IMAGES = Number(process.env.MEDIA_BENCH_IMAGES ?? 6);
const LADDER = [144, 288, 320, 640, 960, 1280];

async function main(): Promise<void> {
  const h = await startHarness();
  try {
    const admin = await h.identity({ admin: true });
    const reader = await h.identity({ plan: 'core' });
    const ids: string[] = [];
    for (let i = 0; i < IMAGES; i++) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600"><rect width="100%" height="100%" fill="hsl(${i * 47}, 50%, 40%)"/><circle cx="${600 + i * 100}" cy="800" r="500" fill="#fff" fill-opacity="0.3"/></svg>`;
      const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), `bench-${i}.jpg`);
      const req = new Request('http://localhost/', { method: 'POST', body: form });
      const res = await h.app.inject({ method: 'POST', url: '/v1/admin/media', headers: { ...admin.keyAuth, 'content-type': req.headers.get('content-type')! }, payload: Buffer.from(await req.arrayBuffer()) });
      if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
      ids.push((res.json() as { id: string }).id);
    }
    const urls = ids.flatMap((id) => LADDER.map((w) => `/v1/media/${id}?w=${w}`));
    const phase = async (name: string, accept: string) => {
      const start = performance.now();
      let bytes = 0;
      for (const url of urls) {
        const res = await h.app.inject({ method: 'GET', url, headers: { ...reader.keyAuth, accept } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
        bytes += res.rawPayload.length;
      }
      const ms = performance.now() - start;
      const perSecond = (urls.length / ms) * 1000;
      console.log(`${name.padEnd(18)} ${urls.length} variants in ${ms.toFixed(0)} ms: ${perSecond.toFixed(1)} variants/s, ${(ms / urls.length).toFixed(2)} ms each, ${(bytes / 1024).toFixed(0)} KiB`);
      return { name, requests: urls.length, ms: Math.round(ms), perSecond: Math.round(perSecond * 10) / 10 };
    };
    const results = [
      await phase('cold JPEG', 'image/jpeg'),
      await phase('cached JPEG', 'image/jpeg'),
      await phase('cold WebP', 'image/webp'),
      await phase('cached WebP', 'image/webp'),
    ];
    console.log(JSON.stringify({ bench: 'media', images: IMAGES, source: '2400x1600 JPEG', widths: LADDER, results }));
  } finally {
    await h.close();
  }
}

await main();
