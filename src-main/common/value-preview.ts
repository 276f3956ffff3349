/**
 * A small stand-in for a large JSON value, for a list that shows many of them (the Messages tab): its shape kept
 * (keys, the first items of a list, the start of a long string), so its method, id, tool name and error still
 * read, within a budget of characters. Iterative over a work list, so any depth is safe.
 */

/** Characters of a string kept in a preview. */
const STRING_CHARS = 200;
/** Items of a list, keys of an object, kept in a preview. */
const ITEMS = 20;

type Slot = { parent: Record<string, unknown> | unknown[]; key: string | number; value: unknown; depth: number };

/** `value` cut to about `budget` characters of JSON. */
export function previewValue(value: unknown, budget = 4096, maxDepth = 8): unknown {
  const root: { v: unknown } = { v: undefined };
  const work: Slot[] = [{ parent: root, key: 'v', value, depth: 0 }];
  let spent = 0;
  for (let i = 0; i < work.length; i++) {
    const { parent, key, value: v, depth } = work[i];
    const put = (x: unknown) => {
      (parent as Record<string | number, unknown>)[key] = x;
    };
    if (spent >= budget) {
      put('…');
      continue;
    }
    if (typeof v === 'string') {
      const s = v.length > STRING_CHARS ? `${v.slice(0, STRING_CHARS)}… [${v.length.toLocaleString('en-US')} characters]` : v;
      spent += s.length + 2;
      put(s);
    } else if (v === null || typeof v !== 'object') {
      spent += 8;
      put(v);
    } else if (depth >= maxDepth) {
      spent += 5;
      put(Array.isArray(v) ? '[…]' : '{…}');
    } else if (Array.isArray(v)) {
      const out: unknown[] = [];
      put(out);
      spent += 2;
      for (let j = 0; j < Math.min(v.length, ITEMS); j++) work.push({ parent: out, key: j, value: v[j], depth: depth + 1 });
      if (v.length > ITEMS) out[ITEMS] = `… ${(v.length - ITEMS).toLocaleString('en-US')} more items`;
    } else {
      const out: Record<string, unknown> = {};
      put(out);
      spent += 2;
      const keys = Object.keys(v);
      for (const k of keys.slice(0, ITEMS)) {
        spent += k.length + 3;
        work.push({ parent: out, key: k, value: (v as Record<string, unknown>)[k], depth: depth + 1 });
      }
      if (keys.length > ITEMS) out['…'] = `${(keys.length - ITEMS).toLocaleString('en-US')} more keys`;
    }
  }
  return root.v;
}
