/**
 * A readable QA report of a recording, as Markdown (for a pull request or a wiki) or as one self-contained
 * HTML page (inline CSS, no scripts, nothing fetched; a CSP forbids both anyway). Everything a skill
 * produced is escaped for the format it lands in.
 */
import type { ReportFormat } from '../contract';
import { buildReport, formatDuration, formatTime, type ReportModel, type Step } from './report-model';
import { readRecording } from './recording-reader';

export type { ReportFormat };

export function renderReport(recordingFile: string, format: ReportFormat): string {
  const model = buildReport(readRecording(recordingFile));
  return format === 'html' ? html(model) : markdown(model);
}

function headerRows(m: ReportModel): [string, string, boolean?][] {
  return [
    ['Skill', m.skill.name],
    ['Skill id', m.skill.id, true],
    ['Protocol', m.skill.protocol],
    ['Version', m.skill.version ?? 'not given'],
    ['Recorded', formatTime(m.startedAt)],
    ['Duration', formatDuration(m.durationMs)],
    ['Folder hash', m.folderHash, true],
    ['Skill folder', m.skill.dir, true],
    ['Recording', m.file, true],
  ];
}

function summaryRows(m: ReportModel): string[] {
  const s = m.summary;
  return [
    `Calls: ${s.calls}${s.failedCalls ? ` (${s.failedCalls} failed)` : ''}`,
    `Failures: ${s.failures}`,
    `Crashes: ${s.crashes}`,
    `Notes: ${s.notes}`,
    `Protocol messages: ${s.messages}`,
    ...(s.chatTurns ? [`Chat turns: ${s.chatTurns}`, `Model requests: ${s.modelRequests}`] : []),
  ];
}

const MARK: Record<string, string> = { ok: '✓', failed: '✗', none: '•' };
const markOf = (s: Step) => MARK[s.ok === undefined ? 'none' : s.ok ? 'ok' : 'failed'];

// ---- Markdown ----

function markdown(m: ReportModel): string {
  const out: string[] = [`# QA report: ${mdText(m.name)}`, '', '| | |', '|---|---|'];
  for (const [k, v, code] of headerRows(m)) out.push(`| ${k} | ${code ? mdCode(v) : mdText(v)} |`);
  out.push('', '## Summary', '', ...summaryRows(m).map((r) => `- ${r}`), '');

  out.push('## What was done', '');
  if (!m.steps.length) out.push('Nothing was recorded.', '');
  m.steps.forEach((s, i) => {
    out.push(`${i + 1}. ${markOf(s)} \`${formatTime(s.time)}\` ${mdText(s.title)}`);
    const pad = ' '.repeat(String(i + 1).length + 2); // under the item's text, so blocks stay inside it
    for (const b of s.blocks) out.push('', `${pad}${b.label}:`, '', indent(mdBlock(b.text, b.json ? 'json' : ''), pad));
    out.push('');
  });

  out.push('## What failed', '');
  if (!m.failures.length) out.push('Nothing failed.', '');
  for (const f of m.failures) {
    out.push(`### ${mdText(f.what)}`, '', `At ${formatTime(f.time)}.`, '', 'Error:', '', mdBlock(f.error, ''), '');
    if (f.stderrTail.length) out.push('Stderr around it:', '', mdBlock(f.stderrTail.join('\n'), ''), '');
    else out.push('No stderr was captured around it.', '');
  }

  out.push('## Notes', '');
  if (!m.notes.length) out.push('No notes.', '');
  for (const n of m.notes) out.push(`- \`${formatTime(n.time)}\` ${mdText(n.text)}`);
  if (m.notes.length) out.push('');

  if (m.warnings.length) out.push('## Reading the recording', '', ...m.warnings.map((w) => `- ${mdText(w)}`), '');
  return out.join('\n');
}

/** Text that must not turn into Markdown (or HTML, which Markdown passes through). */
function mdText(s: string): string {
  return s
    .replace(/\r?\n/g, ' ')
    .replace(/[\\`*[\]|~]|(?<!\w)_|_(?!\w)/g, (c) => `\\${c}`)
    .replace(/[<>&]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&amp;'));
}

/** An inline code span whose fence is longer than any run of backticks inside it. */
function mdCode(s: string): string {
  const flat = s.replace(/\r?\n/g, ' ');
  const fence = '`'.repeat(longestRun(flat, '`') + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

function mdBlock(s: string, lang: string): string {
  const fence = '`'.repeat(Math.max(3, longestRun(s, '`') + 1));
  return `${fence}${lang}\n${s}\n${fence}`;
}

function longestRun(s: string, ch: string): number {
  let best = 0;
  let run = 0;
  for (const c of s) {
    run = c === ch ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

function indent(s: string, pad: string): string {
  return s.split('\n').map((l) => (l ? pad + l : l)).join('\n');
}

// ---- HTML ----

const CSS = `
body{font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d2330;background:#fff;max-width:980px;margin:2rem auto;padding:0 1rem}
h1{font-size:1.6rem;margin-bottom:.5rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #dde1e8;padding-bottom:.25rem}
h3{font-size:1rem;margin-bottom:.25rem}
table.meta{border-collapse:collapse}table.meta th{text-align:left;padding:.15rem 1rem .15rem 0;color:#5a6272;font-weight:600;vertical-align:top}
table.meta td{padding:.15rem 0;word-break:break-all}
code,pre{font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{background:#f5f7fa;border:1px solid #e3e7ee;border-radius:6px;padding:.5rem .75rem;overflow:auto;white-space:pre-wrap;word-break:break-word;margin:.25rem 0}
ul.summary{list-style:none;padding:0;display:flex;gap:1.5rem;flex-wrap:wrap}ul.summary li{background:#f5f7fa;border-radius:6px;padding:.35rem .75rem}
ol.steps{padding-left:1.5rem}ol.steps li{margin:.35rem 0}
.mark{display:inline-block;width:1.2em;font-weight:700}.ok .mark{color:#1a7f37}.failed .mark{color:#cf222e}.none .mark{color:#8c95a5}
.time{color:#5a6272;font-size:12px;margin-right:.5rem}.failed>.title{color:#cf222e}
details{margin:.15rem 0 .15rem 1.2em}summary{cursor:pointer;color:#5a6272}
section.failure{border-left:3px solid #cf222e;padding-left:.75rem;margin:1rem 0}
.warn{color:#9a6700}
table.results{border-collapse:collapse;width:100%;margin-top:.5rem}table.results th,table.results td{text-align:left;padding:.3rem .6rem;border-bottom:1px solid #e3e7ee;vertical-align:top}
table.results th{color:#5a6272;font-weight:600;background:#f5f7fa}table.results td.num{text-align:right;font-variant-numeric:tabular-nums}
table.results tr.failed td.status,table.results tr.error td.status{color:#cf222e;font-weight:600}table.results tr.ok td.status{color:#1a7f37}
`;

function html(m: ReportModel): string {
  const out = htmlHead(`QA report: ${m.name}`, headerRows(m), summaryRows(m));
  out.push('<h2>What was done</h2>');
  if (!m.steps.length) out.push('<p>Nothing was recorded.</p>');
  else {
    out.push('<ol class="steps">');
    for (const s of m.steps) {
      const cls = s.ok === undefined ? 'none' : s.ok ? 'ok' : 'failed';
      out.push(`<li class="${cls} ${s.kind}"><span class="mark">${markOf(s)}</span><span class="time">${esc(formatTime(s.time))}</span><span class="title">${esc(s.title)}</span>`);
      for (const b of s.blocks) out.push(`<details${s.ok === false ? ' open' : ''}><summary>${esc(b.label)}</summary><pre>${esc(b.text)}</pre></details>`);
      out.push('</li>');
    }
    out.push('</ol>');
  }
  out.push('<h2>What failed</h2>');
  if (!m.failures.length) out.push('<p>Nothing failed.</p>');
  for (const f of m.failures) {
    out.push('<section class="failure">', `<h3>${esc(f.what)}</h3>`, `<p class="time">${esc(formatTime(f.time))}</p>`, `<pre>${esc(f.error)}</pre>`);
    out.push(f.stderrTail.length ? `<p>Stderr around it:</p><pre class="stderr">${esc(f.stderrTail.join('\n'))}</pre>` : '<p>No stderr was captured around it.</p>');
    out.push('</section>');
  }
  out.push('<h2>Notes</h2>');
  out.push(m.notes.length ? `<ul>${m.notes.map((n) => `<li><span class="time">${esc(formatTime(n.time))}</span>${esc(n.text)}</li>`).join('')}</ul>` : '<p>No notes.</p>');
  if (m.warnings.length) out.push('<h2>Reading the recording</h2>', `<ul>${m.warnings.map((w) => `<li class="warn">${esc(w)}</li>`).join('')}</ul>`);
  out.push('</body></html>', '');
  return out.join('\n');
}

/**
 * The top of every HTML report (a recording's, a merged run's in results-report.ts): one self-contained page,
 * its title, the table of facts and the summary; the caller adds its sections and closes the page.
 */
export function htmlHead(title: string, rows: [string, string, boolean?][], summary: string[]): string[] {
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
    `<style>${CSS}</style>`,
    '</head><body>',
    `<h1>${esc(title)}</h1>`,
    '<table class="meta">',
    ...rows.map(([k, v, code]) => `<tr><th>${esc(k)}</th><td>${code ? `<code>${esc(v)}</code>` : esc(v)}</td></tr>`),
    '</table>',
    '<h2>Summary</h2>',
    `<ul class="summary">${summary.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>`,
  ];
}

export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
