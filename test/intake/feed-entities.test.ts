/**
 * Issue 29: feed text is decoded with a library (`entities`), so HTML character references inside
 * CDATA (which the XML parser leaves as written) never reach inbox titles: `&rsquo;` is ’.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFeedItems, plainText } from '../../src/domain/intake/feed.js';

describe('feed text entities', () => {
  it('decodes HTML5 named and numeric references in RSS CDATA titles and descriptions', () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Wire</title>
      <item><title><![CDATA[Heathrow&rsquo;s third runway &ndash; a &ldquo;go&rdquo; for 2030 &amp; beyond]]></title>
        <link>https://wire.example/a</link>
        <description><![CDATA[<p>Caf&eacute; at Z&uuml;rich&nbsp;T2: &euro;5&#8239;m &#x2192; <b>approved</b> &lt;not a tag&gt;</p>]]></description></item>
      <item><title>Plain &amp;amp; escaped: Dubai&amp;rsquo;s DWC</title><link>https://wire.example/b</link></item>
    </channel></rss>`;
    const [a, b] = parseFeedItems(rss, 'https://wire.example/feed');
    assert.equal(a!.title, 'Heathrow\u2019s third runway \u2013 a \u201cgo\u201d for 2030 & beyond');
    assert.equal(a!.summary, 'Caf\u00e9 at Z\u00fcrich T2: \u20ac5 m \u2192 approved <not a tag>');
    // XML-escaped entity text (`&amp;rsquo;`) is a reference once the XML layer is decoded, so it is decoded too.
    assert.equal(b!.title, 'Plain & escaped: Dubai\u2019s DWC');
  });

  it('decodes Atom and JSON Feed text the same way', () => {
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><id>urn:a</id><updated>2026-11-20T10:00:00Z</updated>
      <entry><id>urn:1</id><title type="html"><![CDATA[Athens&rsquo; &Alpha;&theta;&eta;&nu;&alpha; terminal]]></title><link href="https://a.example/1"/><updated>2026-11-20T10:00:00Z</updated></entry></feed>`;
    assert.equal(parseFeedItems(atom, 'https://a.example/')[0]!.title, 'Athens\u2019 \u0391\u03b8\u03b7\u03bd\u03b1 terminal');
    const json = JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'J', items: [{ id: '1', url: 'https://j.example/1', title: 'O&apos;Hare &mdash; gates', content_html: '<p>Dubai&#39;s &hellip;</p>' }] });
    const [item] = parseFeedItems(json, 'https://j.example/');
    assert.equal(item!.title, "O'Hare \u2014 gates");
    assert.equal(item!.summary, 'Dubai\'s \u2026');
  });

  it('plainText leaves unknown references, drops control characters and collapses white space', () => {
    assert.equal(plainText('a &zzunknown; b'), 'a &zzunknown; b');
    assert.equal(plainText('x&#1;y &#0; z\n\n w'), 'xy \ufffd z w');
  });
});
