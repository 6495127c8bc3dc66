/**
 * Where a CPU profile's time goes, in text: the functions with the most self time, and the self
 * time summed by where the code comes from (a package of node_modules, a file of src/, Node's own,
 * the garbage collector, idle). For the `.cpuprofile` files `SCALE_PROFILE` writes
 * (bench/projects-scale.ts) or `node --cpu-prof` does.
 *
 *   node --import tsx bench/profile-summary.ts bench/results/profiles/list-sort-title_asc.cpuprofile [top=25]
 *
 * Self time is the samples' count times their interval (microseconds in the file, milliseconds
 * printed); the share is of every sample, idle included, so `(idle)` says how busy the thread was.
 */
import fs from 'node:fs';

/** One node of a `.cpuprofile` (the V8 inspector's `Profiler.Profile`). */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** The parts of a `.cpuprofile` read here. */
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code comes from: `pkg:<name>`, `src/<file>`, `node:<module>` or the frame's own name. */
function originOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `pkg:${pkg[1]}`;
  const src = /\/((?:src|bench)\/.*)$/.exec(url);
  if (src) return src[1]!;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '');
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
let totalUs = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
  totalUs += dt;
});

const byFunction = new Map<string, number>();
const byOrigin = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  const { functionName, url, lineNumber } = node.callFrame;
  const origin = originOf(url, functionName);
  const fn = `${functionName || '(anonymous)'} ${origin}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + us);
}

const line = (label: string, us: number) => `${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / totalUs).toFixed(1).padStart(5)} %  ${label}`;
console.log(`${file}: ${(totalUs / 1e6).toFixed(1)} s sampled`);
console.log('\nself time by origin');
for (const [origin, us] of [...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(line(origin, us));
console.log('\nself time by function');
for (const [fn, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(line(fn, us));
