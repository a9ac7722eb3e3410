/**
 * A page sent as UTF-8 bytes, its big fragments encoded once (issue 20). Encoding a page of
 * 150 KB of text to UTF-8 on every request (what sending a string costs) took about as much CPU as
 * building it; a fragment that depends only on a state, a player and a language (the order page's
 * map, guided form and own section) is kept as bytes and copied into the answer.
 *
 * How: the page is still written as one HTML string, with a mark where each fragment of bytes goes
 * (`mark`); `bytes` cuts the string at the marks. A mark carries a random key drawn at start, so no
 * text a player writes (escaped or not) can forge one.
 */
import { randomBytes } from 'node:crypto';
import { raw, type Html } from './html.ts';

const OPEN = `\u0000${randomBytes(12).toString('base64url')}:`;

/** The fragments of one page being built. */
export class PageBytes {
  private readonly parts: (Buffer | readonly Buffer[])[] = [];
  /** Where `b` goes in the page's text (pieces: one after the other). */
  mark(b: Buffer | readonly Buffer[]): Html { return raw(`${OPEN}${this.parts.push(b) - 1}\u0000`); }
  /** `text` encoded, each mark replaced by its fragment: the pieces, fragments shared, not copied. */
  pieces(text: string): Buffer[] {
    const out: Buffer[] = [];
    let at = 0;
    for (;;) {
      const i = text.indexOf(OPEN, at);
      if (i < 0) break;
      const end = text.indexOf('\u0000', i + OPEN.length);
      if (i > at) out.push(Buffer.from(text.slice(at, i)));
      const part = this.parts[Number(text.slice(i + OPEN.length, end))]!;
      if (Buffer.isBuffer(part)) out.push(part); else out.push(...part);
      at = end + 1;
    }
    out.push(Buffer.from(text.slice(at)));
    return out;
  }
  /** The page's bytes: `text` encoded, each mark replaced by its fragment. */
  bytes(text: string): Buffer {
    const out = this.pieces(text);
    return out.length === 1 ? out[0]! : Buffer.concat(out);
  }
}
