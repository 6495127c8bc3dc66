/**
 * The fonts of the PDF digests, embedded, so airport and company names in Greek,
 * Cyrillic, Vietnamese, Arabic and Chinese reach the reader as written (the PDF standard font
 * Helvetica holds only Western European text).
 *
 * Source: the npm packages `@fontsource/noto-sans` (Noto Sans, © Google), `@fontsource/ibm-plex-sans-arabic`
 * (IBM Plex Sans Arabic, © IBM) and `@fontsource/noto-sans-sc` (Noto Sans SC, © Google), all under
 * the SIL Open Font License 1.1 (each package ships the licence). Each package splits a face into
 * files by `unicode-range` (its stylesheets say which file covers which code points); a digest
 * embeds, as subsets, only the files its text uses.
 *
 * Why IBM Plex Sans Arabic and not Noto Sans Arabic: Noto's Arabic faces draw ب ت ث ن ي… as one
 * dotless body plus dot marks, so a PDF's ToUnicode map (one text per glyph) reads ن back as ب and
 * a reader copying a name gets another word; Plex has one glyph per letter form, and every letter in
 * every position reads back as written (test/domain/digest-pdf.test.ts).
 *
 * Text is cut into runs of one file each ({@link fontRuns}): a character goes to the first face whose
 * range holds it (Noto Sans, then Plex Arabic, then Simplified Chinese, whose files also cover most
 * Traditional characters and Japanese kana). A character no face holds (Korean Hangul, emoji) is
 * written as `?`. Spaces and punctuation stay with the run they are in.
 *
 * Direction: a paragraph is laid out left to right (digests are English with names in other scripts);
 * right-to-left phrases inside it are put in visual order by the Unicode Bidirectional Algorithm
 * ({@link visualOrder}); a wholly right-to-left paragraph is not right-aligned.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import bidiModule from 'bidi-js';
import * as fontkit from 'fontkit';

/** A weight the digests use. */
export type PdfWeight = 400 | 700;

/** One file of a face: where it is and which code points it covers (inclusive ranges). */
interface FaceFile {
  /** The pdfkit font name it is registered under (stable: the file's name). */
  name: string;
  file: string;
  ranges: Array<[number, number]>;
  /** Whether the file holds a right-to-left script (fontkit then lays a run out right to left). */
  rtl: boolean;
}

const require = createRequire(import.meta.url);
/** The packages and the stylesheet naming their files, in the order a character looks for its face. */
const PACKAGES: ReadonlyArray<{ pkg: string; only?: RegExp }> = [
  { pkg: '@fontsource/noto-sans' },
  // Its Arabic files only: Latin comes from Noto Sans.
  { pkg: '@fontsource/ibm-plex-sans-arabic', only: /-arabic-\d+-normal\.woff$/ },
  { pkg: '@fontsource/noto-sans-sc' },
];

/** Reads a package's stylesheet for `weight` into its files (WOFF: zlib, which fontkit reads). */
function facesOf({ pkg, only }: (typeof PACKAGES)[number], weight: PdfWeight): FaceFile[] {
  const dir = path.dirname(require.resolve(`${pkg}/package.json`));
  const css = readFileSync(path.join(dir, `${weight}.css`), 'utf8');
  const faces: FaceFile[] = [];
  for (const block of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const woff = /url\(\.\/files\/([^)]+\.woff)\)/.exec(block[1]!)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block[1]!)?.[1];
    if (!woff || !range || (only && !only.test(woff))) continue;
    faces.push({
      name: woff.replace(/\.woff$/, ''),
      file: path.join(dir, 'files', woff),
      ranges: range.split(',').map((r) => {
        const [from, to] = r.trim().replace(/^U\+/i, '').split('-');
        return [parseInt(from!, 16), parseInt(to ?? from!, 16)] as [number, number];
      }),
      rtl: false,
    });
    const last = faces.at(-1)!;
    last.rtl = covers(last, 0x0627) || covers(last, 0x05d0); // holds the Arabic alef or the Hebrew alef
  }
  return faces;
}

const facesByWeight = new Map<PdfWeight, FaceFile[]>();
/** Every file of a weight, in lookup order (read once per process). */
function faces(weight: PdfWeight): FaceFile[] {
  let list = facesByWeight.get(weight);
  if (!list) {
    list = PACKAGES.flatMap((p) => facesOf(p, weight));
    facesByWeight.set(weight, list);
  }
  return list;
}

const opened = new Map<string, fontkit.Font>();
/**
 * The face file of `run`, opened (cached per process: a digest run renders many PDFs, and opening a
 * face costs more than drawing a digest). pdfkit takes the fontkit font as it is and makes each
 * document's own subset of it. The files are WOFF, unwrapped here with Node's zlib (fontkit's own
 * JavaScript inflate is several times slower).
 * @throws when the file cannot be read or is not WOFF (a broken installation)
 */
export function openFont(run: FontRun): fontkit.Font {
  let font = opened.get(run.file);
  if (!font) {
    font = fontkit.create(sfntFromWoff(readFileSync(run.file))) as fontkit.Font;
    opened.set(run.file, font);
  }
  return font;
}

/**
 * The OpenType (sfnt) font a WOFF 1.0 file wraps (W3C WOFF File Format 1.0, sections 4–6): each
 * table inflated when stored compressed, laid out 4-byte aligned behind a new table directory.
 * @throws when `woff` does not start with the `wOFF` signature
 */
export function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4), compLength = woff.readUInt32BE(at + 8), origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(stored) : stored };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // flavor: the sfnt version
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    t.tag.copy(header, at);
    header.writeUInt32BE(t.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(t.data.length, at + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** Characters that belong to whichever run they are in. */
const isNeutral = (ch: string) => /[\s\p{P}\p{S}\p{N}]/u.test(ch);

/** A piece of text drawn with one face file. */
export interface FontRun {
  /** The pdfkit font name (register it with {@link openFont}). */
  name: string;
  file: string;
  text: string;
  /** Whether the file holds a right-to-left script (see {@link readBackAsWritten}). */
  rtl: boolean;
}

const covers = (f: FaceFile, cp: number) => f.ranges.some(([a, b]) => cp >= a && cp <= b);

/** The face file of `cp` at `weight`, or undefined when no face holds it. */
function faceOf(cp: number, weight: PdfWeight): FaceFile | undefined {
  return faces(weight).find((f) => covers(f, cp));
}

// bidi-js is CommonJS (UMD) with types that declare an ES default export; Node hands an ES module
// its module.exports, which is the factory itself.
const bidiFactory = bidiModule as unknown as typeof bidiModule.default;
const bidi = bidiFactory();

/**
 * `text` (one paragraph, laid out left to right) with its characters in the order they stand on the
 * line, by the Unicode Bidirectional Algorithm (UAX #9, `bidi-js`): right-to-left stretches reversed,
 * their brackets mirrored, numbers inside them kept left to right. Each right-to-left PHRASE (its
 * words and the single spaces between them) is then put back in its logical order: it is drawn as
 * one run that fontkit shapes (Arabic letters join by their logical neighbours) and lays out right to
 * left itself, spaces included (digest-pdf.ts passes `features` so that pdfkit lays the run out
 * whole, not word by word). A phrase that wraps keeps its first words on the first line.
 */
export function visualOrder(text: string): string {
  const embedding = bidi.getEmbeddingLevels(text, 'ltr');
  if (!embedding.levels.some((level: number) => level % 2 === 1)) return text;
  const units = text.split('');
  const levels = [...embedding.levels];
  for (const [i, mirrored] of bidi.getMirroredCharactersMap(text, embedding.levels)) units[i] = mirrored;
  for (const segment of bidi.getReorderSegments(text, embedding)) {
    const [start, end] = segment as [number, number];
    units.splice(start, end - start + 1, ...units.slice(start, end + 1).reverse());
    levels.splice(start, end - start + 1, ...levels.slice(start, end + 1).reverse());
  }
  // Right-to-left stretches a right-to-left file draws (letters, marks, Arabic punctuation and the
  // spaces between them) go back to logical order: fontkit reverses them when it lays them out.
  const drawnRtl = (i: number) => levels[i]! % 2 === 1 && faceOf(units[i]!.charCodeAt(0), 400)?.rtl === true;
  const out: string[] = [];
  for (let i = 0; i < units.length;) {
    let j = i;
    while (j < units.length && (drawnRtl(j) || (units[j] === ' ' && j > i && drawnRtl(j + 1) && levels[j]! % 2 === 1))) j++;
    if (j === i) out.push(units[i++]!);
    else {
      out.push(...units.slice(i, j).reverse());
      i = j;
    }
  }
  return out.join('').replace(/([\uDC00-\uDFFF])([\uD800-\uDBFF])/g, '$2$1'); // surrogate pairs the reversal swapped
}

/**
 * `text` cut into runs of one face file each (see the module's note on direction). Newlines and tabs
 * become spaces; characters no face holds become `?`.
 */
export function fontRuns(text: string, weight: PdfWeight): FontRun[] {
  const chars = [...visualOrder(text.replace(/[\n\t\r]/g, ' '))];
  const runs: Array<{ face: FaceFile; text: string }> = [];
  chars.forEach((original, i) => {
    let ch = original;
    const cp = ch.codePointAt(0)!;
    const previous = runs.at(-1)?.face;
    // A space or a digit stays in the run it is in when that file has it (Chinese files hold no
    // space). A space BETWEEN two right-to-left words stays in their run (the Arabic files have one,
    // though their ranges do not say so): the phrase is then one text object, which readers
    // (pdf.js, poppler) turn back into logical order as a whole.
    const betweenRtl = ch === ' ' && previous?.rtl === true && chars[i + 1] !== undefined && faceOf(chars[i + 1]!.codePointAt(0)!, weight) === previous;
    let face = previous && ((isNeutral(ch) && covers(previous, cp)) || betweenRtl) ? previous : faceOf(cp, weight);
    if (!face) {
      ch = '?';
      face = faceOf(0x3f, weight)!;
    }
    const last = runs.at(-1);
    if (last?.face === face) last.text += ch;
    else runs.push({ face, text: ch });
  });
  return runs.map((r) => ({ name: r.face.name, file: r.face.file, text: r.text, rtl: r.face.rtl }));
}

/** A fontkit glyph as pdfkit reads it for the ToUnicode map. */
interface FontkitGlyph { codePoints: number[] }
const fixed = new WeakSet<FontkitGlyph>();

/**
 * Makes a right-to-left run read back as written. A PDF's ToUnicode map gives one text per glyph, and
 * readers (pdf.js, poppler) reverse a right-to-left line character by character, so a ligature glyph
 * (لا, لي…) mapped to its letters in logical order reads back backwards (`ال`). pdfkit maps a glyph to fontkit's
 * `glyph.codePoints` the first time it uses it, and fontkit keeps one glyph object per glyph id per
 * font: reversing the letters of the run's ligature glyphs before pdfkit writes the run fixes the
 * map for the whole document.
 *
 * `doc`'s current font must be the run's. Reads pdfkit's `_font.font` (its fontkit font): a pdfkit
 * upgrade that moves it makes this a no-op, which test/domain/digest-pdf.test.ts catches.
 */
export function readBackAsWritten(doc: object, run: FontRun): void {
  if (!run.rtl) return;
  const font = (doc as { _font?: { font?: { layout?: (text: string) => { glyphs: FontkitGlyph[] } } } })._font?.font;
  for (const glyph of font?.layout?.(run.text).glyphs ?? []) {
    if (fixed.has(glyph)) continue;
    if (glyph.codePoints.length > 1) glyph.codePoints.reverse();
    fixed.add(glyph);
  }
}
