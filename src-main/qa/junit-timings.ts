/**
 * Unit timings from the last run's JUnit file (`--shard-by-timing previous.xml`), for shard.ts to balance
 * on. The file is one skillbench wrote (junit.ts): its suites carry the unit ids as properties
 * (unit-results.ts). A suite split by request gives each request its case's time; any other suite is one
 * unit and gives its own time. Suites without our properties (another tool's file) are ignored: their
 * units count at the median.
 */
import fs from 'node:fs';
import { PROP } from './unit-results';

export class TimingsError extends Error {}

export function readTimings(file: string): Map<string, number> {
  let xml: string;
  try {
    xml = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new TimingsError(`Cannot read the timings file ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`);
  }
  if (!/<testsuites?[\s>]/.test(xml)) throw new TimingsError(`${file} is not a JUnit XML file (no <testsuites> or <testsuite> element).`);
  return timingsOf(xml);
}

export function timingsOf(xml: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of xml.matchAll(/<testsuite\s([^>]*?)(\/?)>([\s\S]*?)(?:<\/testsuite>|$)/g)) {
    if (m[2]) continue; // an empty suite
    const body = m[3];
    const props = new Map<string, string>();
    for (const p of body.matchAll(/<property\s([^>]*?)\/?>/g)) {
      const a = attrs(p[1]);
      if (a.name !== undefined) props.set(a.name, a.value ?? '');
    }
    const key = props.get(PROP.suite);
    if (!key) continue;
    if (props.get(PROP.split) === 'request') {
      for (const c of body.matchAll(/<testcase\s([^>]*?)\/?>/g)) {
        const a = attrs(c[1]);
        const t = Number(a.time);
        if (a.name !== undefined && Number.isFinite(t)) out.set(`${key}#${a.name}`, t);
      }
    } else {
      const t = Number(attrs(m[1]).time);
      if (Number.isFinite(t)) out.set(key, t);
    }
  }
  return out;
}

function attrs(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) out[m[1]] = unescape(m[2] ?? m[3]);
  return out;
}

function unescape(s: string): string {
  return s.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-fA-F]+);/g, (_m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' } as Record<string, string>)[e];
  });
}
