/**
 * The PDF digests embed Noto Sans (issue 29): names in Arabic, Chinese and Greek reach the reader as
 * written — pdf.js (Firefox's reader) extracts them intact —, the output is deterministic, and a
 * character no embedded face holds becomes `?` instead of a broken glyph.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderDigestPdf, type PdfDigest } from '../../src/domain/newsletter/index.js';
import { fontRuns } from '../../src/domain/newsletter/pdf-fonts.js';
import { pdfText } from '../helpers/mail.js';

const at = new Date('2026-11-21T10:00:00.000Z');
const digest: PdfDigest = {
  title: 'Weekly brief — Αερολιμένας Αθηνών',
  subtitle: 'Edition 42 · 21 November 2026',
  intro: ['Dubai International (مطار دبي الدولي) opens a new concourse; Beijing Capital (北京首都国际机场) adds a runway.'],
  items: [
    { title: 'مطار الملك خالد الدولي expands Terminal 5', date: '2026-11-20 · Reuters', url: 'https://news.example.test/ruh', bullets: ['上海浦东国际机场 T3 contract awarded', 'Θεσσαλονίκη: νέος διάδρομος'] },
    { title: 'Zürich Flughafen — “Dock A” €1.2 bn', date: '2026-11-19', url: null, lines: ['Москва Шереметьево, Nội Bài, Kraków'] },
  ],
  footer: 'Manage your alerts: https://example.test/alerts',
  createdAt: at,
};

/** Whitespace runs as one space (pdf.js puts its own spaces and line ends where glyphs leave gaps). */
const squash = (s: string) => s.replace(/\s+/g, ' ');

describe('the PDF digest in embedded Unicode fonts', () => {
  it('Arabic, Chinese, Greek, Cyrillic and Vietnamese names are extracted intact', async () => {
    const pdf = await renderDigestPdf(digest);
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    const text = squash(await pdfText(pdf));
    for (const expected of [
      'Αερολιμένας Αθηνών', 'مطار دبي الدولي', '北京首都国际机场', 'مطار الملك خالد الدولي', 'expands Terminal 5',
      '上海浦东国际机场 T3 contract awarded', 'Θεσσαλονίκη: νέος διάδρομος', 'Zürich Flughafen — “Dock A” €1.2 bn',
      'Москва Шереметьево, Nội Bài, Kraków', 'https://news.example.test/ruh',
    ]) assert.ok(text.includes(expected), `"${expected}" in the extracted text:\n${text}`);
    assert.ok(!text.includes('?'), 'nothing replaced');
    const raw = pdf.toString('latin1');
    assert.match(raw, /\/FontFile2|\/FontFile3/, 'the fonts are embedded');
    assert.ok(!raw.includes('/BaseFont /Helvetica'), 'no standard font left');
  });

  it('the same digest at the same instant gives the same bytes', async () => {
    const [a, b] = await Promise.all([renderDigestPdf(digest), renderDigestPdf(digest)]);
    assert.ok(a.equals(b));
  });

  it('a character no face holds is written as ? (Korean, emoji)', async () => {
    const text = squash(await pdfText(await renderDigestPdf({ ...digest, title: 'Incheon 인천 ✈️ hub', items: [], intro: [] })));
    assert.ok(text.includes('Incheon ?? '), text);
    assert.ok(text.includes('hub'), text);
  });

  it('every Arabic letter, in every position and in the required ligatures, reads back as written', async () => {
    // Airport and city names from across the Arab world; between them they hold all 28 letters in
    // initial, medial, final and isolated forms, hamza forms, taa marbuta, alef maqsura and lam-alef.
    const names = [
      'مطار صلالة', 'مطار الظهران', 'مطار طرابلس العالمي', 'مطار الحديدة', 'مطار ثمريت', 'مطار غدامس',
      'مطار شرم الشيخ', 'مطار الأقصر', 'مطار أبها', 'مطار ينبع', 'مطار تبوك', 'مطار جازان', 'مطار زغرب',
      'مطار بغداد', 'مطار الموصل', 'مطار وجدة', 'مطار فاس سايس', 'مطار قسنطينة', 'مطار عنابة', 'مطار ضبا',
      'مطار خوي', 'مطار ذمار', 'مطار سلا', 'مطار الكويت', 'مطار البحرين', 'مطار مسقط', 'مطار اللاذقية',
    ];
    const text = squash(await pdfText(await renderDigestPdf({ ...digest, title: 'Arabic names', intro: [], items: names.map((n, i) => ({ title: `${i + 1}. ${n} reopens`, date: '2026-11-20', url: null })) })));
    for (const [i, n] of names.entries()) assert.ok(text.includes(`${n} reopens`), `item ${i + 1}: "${n}" in:\n${text}`);
  });

  it('a right-to-left phrase is one run with its spaces (fontkit lays it out right to left); scripts switch files', () => {
    assert.deepEqual(fontRuns('Dubai (مطار دبي الدولي) opens', 400).map((r) => r.text), ['Dubai (', 'مطار دبي الدولي', ') opens'], 'the phrase in logical order: fontkit lays it out right to left');
    const runs = fontRuns('Athens Αθήνα 北京 مطار', 400);
    assert.equal(runs.map((r) => r.text).join(''), 'Athens Αθήνα 北京 مطار');
    assert.ok(runs.length >= 3, 'Latin/Greek, Chinese and Arabic come from different files');
  });
});
