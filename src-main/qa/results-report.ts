/**
 * The HTML report of a merged run (merge.ts): the same self-contained page as a recording's report
 * (report.ts: its head, styles and escaping), with a row per unit and the shard that ran it, the shards
 * themselves (machine, wall time, peak memory, exit code), what failed, and the skills' folder hashes.
 */
import type { Merged } from './merge';
import { esc, htmlHead } from './report';
import { formatDuration, formatTime } from './report-model';
import { tally, type UnitResult } from './unit-results';

const STATUS: Record<UnitResult['status'], [string, string]> = { pass: ['ok', '✓ passed'], fail: ['failed', '✗ failed'], error: ['error', '✗ could not run'] };

export function mergedHtml(m: Merged): string {
  const t = tally(m.results);
  const started = m.shards.map((s) => Date.parse(s.startedAt)).filter(Number.isFinite);
  const rows: [string, string, boolean?][] = [
    ['Runs', m.runs.map((r) => `${r.command}: ${r.count} unit${r.count === 1 ? '' : 's'} over ${r.shards} shard${r.shards === 1 ? '' : 's'}`).join('; ')],
    ['Started', started.length ? formatTime(Math.min(...started)) : 'unknown'],
    ['Workbench', [...new Set(m.shards.map((s) => s.workbench))].join(', ')],
    ['Machines', [...new Set(m.shards.map((s) => `${s.machine.hostname} (${s.machine.platform}, ${s.machine.cpus} CPUs)`))].join(', ')],
    ['Unit lists', m.runs.map((r) => r.hash).join(' '), true],
  ];
  const slowest = Math.max(0, ...m.shards.map((s) => s.end.wallMs));
  const summary = [
    `Units: ${t.units}`,
    `Passed: ${t.passed}`,
    `Failed: ${t.failed}`,
    `Could not run: ${t.errors}`,
    `Cases: ${t.cases}${t.failedCases ? ` (${t.failedCases} failed)` : ''}`,
    `Shard runs: ${m.shards.length}, the slowest ${formatDuration(slowest)}`,
    `Exit code: ${m.exitCode}`,
  ];
  const n = Math.max(1, ...m.runs.map((r) => r.shards));
  const out = htmlHead(`QA report: ${t.units} unit${t.units === 1 ? '' : 's'} over ${n} shard${n === 1 ? '' : 's'}`, rows, summary);

  out.push('<h2>Results</h2>', '<table class="results"><thead><tr><th>Unit</th><th>Kind</th><th>Result</th><th>Cases</th><th>Time</th><th>Shard</th></tr></thead><tbody>');
  for (const r of m.results) {
    const [cls, word] = STATUS[r.status];
    const failed = r.cases.filter((c) => c.failure || c.error).length;
    out.push(
      `<tr class="${cls}"><td><code>${esc(r.id)}</code></td><td>${esc(r.kind)}</td><td class="status">${word}</td>` +
        `<td class="num">${failed ? `${failed} of ${r.cases.length} failed` : r.cases.length}</td><td class="num">${esc(formatDuration(r.durationMs))}</td><td class="shard">${esc(r.shard ?? '')}</td></tr>`,
    );
  }
  out.push('</tbody></table>');

  out.push('<h2>What failed</h2>');
  const bad = m.results.filter((r) => r.status !== 'pass');
  if (!bad.length) out.push('<p>Nothing failed.</p>');
  for (const r of bad) {
    out.push('<section class="failure">', `<h3>${esc(r.id)}</h3>`, `<p class="time">shard ${esc(r.shard ?? '?')}${r.skill ? `, skill ${esc(r.skill.name)}` : ''}</p>`);
    if (r.error) out.push(`<pre>${esc(r.error)}</pre>`);
    for (const c of r.cases) {
      const f = c.failure ?? c.error;
      if (f && !(r.error && c.error)) out.push(`<p>${esc(c.name)}</p><pre>${esc(f.details || f.message)}</pre>`);
    }
    for (const n of r.notes ?? []) out.push(`<p class="warn">${esc(n)}</p>`);
    out.push('</section>');
  }

  out.push('<h2>Shards</h2>', '<table class="results"><thead><tr><th>Shard</th><th>Command</th><th>Machine</th><th>Units</th><th>Wall time</th><th>Peak memory</th><th>Exit code</th></tr></thead><tbody>');
  for (const s of m.shards) {
    out.push(
      `<tr class="${s.end.exitCode ? 'failed' : 'ok'}"><td class="shard">${esc(s.label)}</td><td>${esc(s.command)}${s.by === 'timing' ? ' (by timing)' : ''}</td><td>${esc(`${s.machine.hostname}, ${s.machine.platform}, ${s.machine.cpus} CPUs`)}</td>` +
        `<td class="num">${s.units}</td><td class="num">${esc(formatDuration(s.end.wallMs))}</td><td class="num">${(s.end.maxRssBytes / 2 ** 20).toFixed(0)} MiB</td><td class="num status">${s.end.exitCode}</td></tr>`,
    );
  }
  out.push('</tbody></table>');

  const skills = new Map<string, { name: string; dir: string; hash: string }>();
  for (const s of m.shards) for (const k of s.end.skills) skills.set(`${k.dir}\0${k.hash}`, k);
  out.push('<h2>Skills</h2>');
  if (!skills.size) out.push('<p>No skill ran.</p>');
  else out.push(`<table class="meta">${[...skills.values()].map((k) => `<tr><th>${esc(k.name)}</th><td><code>${esc(k.hash)}</code> ${esc(k.dir)}</td></tr>`).join('')}</table>`);
  out.push('</body></html>', '');
  return out.join('\n');
}
