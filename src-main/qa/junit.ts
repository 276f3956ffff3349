/** JUnit XML for CI systems: one suite per recording or collection, one case per call or request. */
import { writeFileAtomicSync } from '../host/atomic-write';

export interface JUnitCase {
  name: string;
  classname?: string;
  seconds: number;
  failure?: { message: string; details?: string };
  error?: { message: string; details?: string };
  skipped?: string;
}

export interface JUnitSuite {
  name: string;
  cases: JUnitCase[];
  timestamp?: Date;
  /** The suite's own time where it is more than its cases' (a skill's start); else their sum. */
  seconds?: number;
  /** `<properties>`: what a later run reads back (the unit ids, the shard that ran it; see unit-results.ts). */
  properties?: Record<string, string>;
}

export function junitXml(suites: JUnitSuite[]): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const all = suites.flatMap((s) => s.cases);
  const time = suites.reduce((a, s) => a + (s.seconds ?? s.cases.reduce((b, c) => b + c.seconds, 0)), 0);
  out.push(`<testsuites tests="${all.length}" failures="${count(all, 'failure')}" errors="${count(all, 'error')}" time="${time.toFixed(3)}">`);
  for (const s of suites) {
    const attrs = `name="${esc(s.name)}" tests="${s.cases.length}" failures="${count(s.cases, 'failure')}" errors="${count(s.cases, 'error')}" skipped="${s.cases.filter((c) => c.skipped).length}" time="${s.seconds !== undefined ? s.seconds.toFixed(3) : secs(s.cases)}"${s.timestamp ? ` timestamp="${s.timestamp.toISOString()}"` : ''}`;
    out.push(`  <testsuite ${attrs}>`);
    const props = Object.entries(s.properties ?? {});
    if (props.length) out.push('    <properties>', ...props.map(([k, v]) => `      <property name="${esc(k)}" value="${esc(v)}"/>`), '    </properties>');
    for (const c of s.cases) {
      const open = `    <testcase name="${esc(c.name)}" classname="${esc(c.classname ?? s.name)}" time="${c.seconds.toFixed(3)}"`;
      const inner: string[] = [];
      if (c.failure) inner.push(`      <failure message="${esc(c.failure.message)}">${esc(c.failure.details ?? '')}</failure>`);
      if (c.error) inner.push(`      <error message="${esc(c.error.message)}">${esc(c.error.details ?? '')}</error>`);
      if (c.skipped) inner.push(`      <skipped message="${esc(c.skipped)}"/>`);
      out.push(inner.length ? `${open}>\n${inner.join('\n')}\n    </testcase>` : `${open}/>`);
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}

export function writeJUnit(file: string, suites: JUnitSuite[]): void {
  writeFileAtomicSync(file, junitXml(suites));
}

function count(cases: JUnitCase[], k: 'failure' | 'error'): number {
  return cases.filter((c) => c[k]).length;
}

function secs(cases: JUnitCase[]): string {
  return cases.reduce((a, c) => a + c.seconds, 0).toFixed(3);
}

/** XML-escapes text, dropping characters XML 1.0 cannot hold (skills print anything). */
function esc(s: string): string {
  return s
    // eslint-disable-next-line no-control-regex -- the characters XML 1.0 allows, tab and line breaks among them
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
