/**
 * The two costs a list window of the project index weighs (decision 0068), measured on a synthetic
 * base of a million rows in memory (no database): a place walked by the second stage (the order's
 * next row, its bit in the driver's bit set) and a driver row read by the fallback (marked, read
 * back in row order, tested, its place marked). `PLACES_PER_DRIVER_ROW` in
 * src/domain/projects/facet-index.ts should be about their ratio.
 *
 *   node --import tsx bench/window-costs.ts        # ROWS (1 000 000), REPEAT (20)
 */
import { BaseIndex, IdList, SegmentBuilder, Slots } from '../src/domain/projects/facet-index.js';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const REPEAT = Number(process.env.REPEAT ?? 20);
let state = 7;
const rand = (n: number) => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648) * n | 0;

const slots = new Slots();
const builder = new SegmentBuilder(ROWS);
const ids = new IdList();
for (let i = 0; i < ROWS; i++) {
  // Country C0 is on the rows of the odd regions only: region r-2 and C0 never meet (and no pair
  // order holds a region and a country: the driver's rows are tested).
  const region = rand(8);
  builder.push({ id: '', status: `s${rand(6)}`, region: `r-${region}`, country: region % 2 === 1 ? 'C0' : `C${1 + rand(200)}`, type: `t-${rand(40)}`,
    year: 2000 + rand(40), usd: rand(2e9), amount: rand(2e9), terms: [`term-${rand(60)}`, `term-${60 + rand(60)}`] }, slots);
  ids.pushHex(i.toString(16).padStart(32, '0'));
}
const order = new Uint32Array(ROWS);
for (let i = 0; i < ROWS; i++) order[i] = i;
for (let i = ROWS - 1; i > 0; i--) { const j = rand(i + 1); [order[i], order[j]] = [order[j]!, order[i]!]; }
const segment = builder.build();
const filter = { region: slots.find('region', ['r-2']), country: slots.find('country', ['C0']) };

/** Milliseconds per window of `filter` (no match: every stage runs to its end) on a base tuned by `tuning`. */
function timed(tuning: { placesPerDriverRow: number }): number {
  const base = new BaseIndex(segment, ids, slots, { sortedPlaces: 1024, firstStage: 0, ...tuning });
  base.setListOrder('shuffled', order);
  const none = SegmentBuilder.prototype.build.call(new SegmentBuilder(0));
  for (let w = 0; w < 3; w++) base.window(filter, 'shuffled', 50, undefined, none);
  const t0 = performance.now();
  for (let r = 0; r < REPEAT; r++) base.window(filter, 'shuffled', 50, undefined, none);
  return (performance.now() - t0) / REPEAT;
}
let inRegion = 0;
let inCountry = 0;
for (let i = 0; i < segment.n; i++) {
  if (segment.region[i] === filter.region[0]) inRegion++;
  if (segment.country[i] === filter.country[0]) inCountry++;
}
const driverRows = Math.min(inRegion, inCountry);
const walk = timed({ placesPerDriverRow: Infinity }) ; // the second stage walks every place
const read = timed({ placesPerDriverRow: 0 }); // the driver's rows only
console.log(`${ROWS} rows, a driver of ${driverRows} rows, no match:`);
console.log(`  second stage: ${walk.toFixed(2)} ms for ${ROWS} places = ${((walk * 1e6) / ROWS).toFixed(1)} ns a place`);
console.log(`  driver's rows: ${read.toFixed(2)} ms for ${driverRows} rows = ${((read * 1e6) / driverRows).toFixed(1)} ns a row`);
console.log(`  ratio: ${((read / driverRows) / (walk / ROWS)).toFixed(1)} places a driver row (PLACES_PER_DRIVER_ROW)`);
