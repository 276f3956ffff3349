/**
 * JSON Pointer (RFC 6901) segments, as Ajv and JSON Schema validators report places. Pure, with no imports,
 * so the renderer may use it too (tsconfig.web.json lists it beside the contract).
 */

/** One segment's text: `~1` stands for `/` and `~0` for `~` (in that order, so `~01` is `~1`). */
export function unescapeSegment(seg: string): string {
  return seg.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** A pointer's keys: `/a/b~1c` gives ['a', 'b/c'], and '' (the whole document) gives []. */
export function pointerSegments(ptr: string): string[] {
  return ptr.split('/').slice(1).map(unescapeSegment);
}
