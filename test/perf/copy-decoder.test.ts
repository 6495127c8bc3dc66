/**
 * The decoder of PostgreSQL's binary COPY stream (src/db/copy.ts) gives the column's bytes back to
 * back whatever the chunk boundaries: split at every offset, in one piece, byte by byte, with a
 * header extension, values longer than an output chunk, and empty values; it refuses a stream that
 * ends inside a row, a NULL and a second column.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BinaryColumnDecoder, COPY_CHUNK_BYTES } from '../../src/db/copy.js';

/** A binary COPY stream of one text column holding `values` (`null` for NULL). */
function binaryCopy(values: (string | null)[], extension = Buffer.alloc(0), columns = 1): Buffer {
  const parts: Buffer[] = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(4)];
  const ext = Buffer.alloc(4);
  ext.writeUInt32BE(extension.length);
  parts.push(ext, extension);
  for (const v of values) {
    const head = Buffer.alloc(2);
    head.writeInt16BE(columns);
    parts.push(head);
    for (let c = 0; c < columns; c++) {
      const len = Buffer.alloc(4);
      const bytes = v === null ? Buffer.alloc(0) : Buffer.from(v, 'utf8');
      len.writeInt32BE(v === null ? -1 : bytes.length);
      parts.push(len, bytes);
    }
  }
  parts.push(Buffer.from([0xff, 0xff]));
  return Buffer.concat(parts);
}

function decode(stream: Buffer, cut: (stream: Buffer) => Buffer[]): Buffer {
  const decoder = new BinaryColumnDecoder();
  const out: Buffer[] = [];
  for (const piece of cut(stream)) {
    for (const chunk of decoder.push(piece)) {
      assert.ok(chunk.length <= COPY_CHUNK_BYTES);
      out.push(Buffer.from(chunk));
    }
  }
  const rest = decoder.end();
  if (rest) out.push(rest);
  return Buffer.concat(out);
}

describe('BinaryColumnDecoder', () => {
  const values = ['id,title\r\n', '', 'Zürich ✈,"a ""b"""\r\n', 'x'.repeat(COPY_CHUNK_BYTES + 17) + '\r\n', 'last\r\n'];
  const expected = Buffer.from(values.join(''), 'utf8');

  it('gives the same bytes at every split point, in one piece and byte by byte', () => {
    const stream = binaryCopy(values, Buffer.from('ext'));
    assert.deepEqual(decode(stream, (s) => [s]), expected);
    assert.deepEqual(decode(stream, (s) => [...s].map((b) => Buffer.from([b]))), expected);
    const small = binaryCopy(['ab\r\n', '', 'cde\r\n']);
    for (let at = 0; at <= small.length; at++) {
      assert.equal(decode(small, (s) => [s.subarray(0, at), s.subarray(at)]).toString(), 'ab\r\ncde\r\n', `split at ${at}`);
    }
  });

  it('refuses a truncated stream, a NULL, two columns and another format', () => {
    const stream = binaryCopy(['a', 'b']);
    assert.throws(() => decode(stream.subarray(0, stream.length - 3), (s) => [s]), /ended early/);
    assert.throws(() => decode(binaryCopy(['a', null]), (s) => [s]), /NULL/);
    assert.throws(() => decode(binaryCopy(['a'], undefined, 2), (s) => [s]), /one column/);
    assert.throws(() => decode(Buffer.from('id,title\r\n'.repeat(3)), (s) => [s]), /not a binary COPY/);
  });
});
