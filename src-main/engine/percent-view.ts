/**
 * Text as the bytes it spells once percent-decoding is undone, each byte knowing where in the text it came from:
 * so a secret percent-encoded in any way (every byte escaped, `%70%6B_…`, upper or lower case hex, escapes mixed
 * with literal characters, a form's `+` for a space) is found by a plain search of the decoded bytes, and the span
 * of the original text that spelled it can be hidden. One pass over the text, then `indexOf`: linear in the text's
 * length, with no regular expression to blow up on a large input.
 *
 * The bytes are held as a "binary" string (one character per byte, 0-255) so JavaScript's own search does the work;
 * a needle is given in the same form (`binaryOf`).
 */

export interface PercentView {
  /** The decoded bytes, one character each. */
  bytes: string;
  /** For each byte: where the text that spelled it starts (the bytes of one character share it). */
  from: Int32Array;
  /** The text's length: where the last byte's spelling ends. */
  end: number;
}

/** Where in the text the spelling of byte `i` ends. */
function endOf(view: PercentView, i: number): number {
  for (let k = i + 1; k < view.from.length; k++) if (view.from[k] !== view.from[i]) return view.from[k];
  return view.end;
}

/** A string's UTF-8 bytes as a binary string, the form a needle takes in a view. */
export function binaryOf(s: string): string {
  return Buffer.from(s, 'utf8').toString('latin1');
}

const hexValue = (c: number): number => (c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1);

/**
 * The view of `s`, or null where nothing in it is percent-encoded (nor, with `plusIsSpace`, a `+`): then a search of
 * the view would find only what a search of the text itself finds.
 */
export function percentView(s: string, plusIsSpace: boolean): PercentView | null {
  const n = s.length;
  // How many bytes the view has, so it is allocated once: an escape is one byte, a character its UTF-8 length.
  let size = 0;
  let decoded = false;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 37 && i + 2 < n && hexValue(s.charCodeAt(i + 1)) >= 0 && hexValue(s.charCodeAt(i + 2)) >= 0) {
      decoded = true;
      size++;
      i += 2;
    } else if (c < 0x80) {
      decoded ||= c === 43 && plusIsSpace;
      size++;
    } else size += c < 0x800 ? 2 : 3; // a surrogate pair's two units: 3 + 3 counted for its 4 bytes, enough
  }
  if (!decoded) return null;
  const codes = new Uint8Array(size);
  const from = new Int32Array(size);
  let len = 0;
  for (let i = 0; i < n; ) {
    const c = s.charCodeAt(i);
    if (c === 37 && i + 2 < n) {
      const hi = hexValue(s.charCodeAt(i + 1));
      const lo = hexValue(s.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0) {
        codes[len] = hi * 16 + lo;
        from[len++] = i;
        i += 3;
        continue;
      }
    }
    if (c < 0x80) {
      codes[len] = c === 43 && plusIsSpace ? 32 : c;
      from[len++] = i++;
      continue;
    }
    const cp = s.codePointAt(i)!;
    const units = cp > 0xffff ? 2 : 1;
    // A lone surrogate has no UTF-8 spelling: U+FFFD's, as Buffer writes it.
    const bytes = Buffer.from(String.fromCodePoint(cp >= 0xd800 && cp <= 0xdfff ? 0xfffd : cp), 'utf8');
    for (const b of bytes) {
      codes[len] = b;
      from[len++] = i;
    }
    i += units;
  }
  return { bytes: Buffer.from(codes.buffer, 0, len).toString('latin1'), from: from.subarray(0, len), end: n };
}

/** The spans of `s` that spell one of `needles` (binary strings) once decoded, left to right, overlaps merged. */
export function decodedSpans(s: string, needles: readonly string[], plusIsSpace: boolean): [number, number][] {
  const view = percentView(s, plusIsSpace);
  if (!view) return [];
  const spans: [number, number][] = [];
  for (const needle of needles) {
    for (let i = view.bytes.indexOf(needle); i !== -1; i = view.bytes.indexOf(needle, i + needle.length)) {
      spans.push([view.from[i], endOf(view, i + needle.length - 1)]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] < last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push(span);
  }
  return merged;
}
