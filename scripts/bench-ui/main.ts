/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * `npm run bench:ui`: the UI in browser mode (Chromium, driven by Playwright) idle against under a 50 MB stderr
 * flood, start-up against bare starts of the same skills, and switching skills and tabs. Rows of the same shape
 * as `npm run bench`; `--json` prints them, `--quick` is a shorter first look.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright';
import { COMMANDS } from '../../src-main/common/commands';
import { jsonRows, printTable, sizeRow, timeRow, type Row } from '../bench/rows';
import { chromiumPath } from '../chromium';
import { bareStarts, logBytes, makeFleet, serve } from './fleet';
import { PROBES, p90 } from './probes';

const asJson = process.argv.includes('--json');
const quick = process.argv.includes('--quick');
const say = (s: string) => (asJson ? process.stderr : process.stdout).write(s);
const SKILLS = 20;
const FLOOD_MB = quick ? 20 : 50;
const SPREAD_S = quick ? 8 : 20;
const CLICKS = quick ? 10 : 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** `--only WORDS`: run only the parts whose name holds WORDS (e.g. `--only burst`, `--only start-up`, `--only switching`). */
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] ?? '' : '';
const wanted = (name: string) => !only || name.includes(only);

interface Window_ {
  longestTask: number;
  longTasks: number;
  fps: number;
  worstGap: number;
}

async function main(): Promise<void> {
  const fleet = makeFleet(SKILLS);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-bench-ui-home-'));
  const server = await serve(fleet, home);
  const executablePath = chromiumPath();
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'] });
  const rows: Row[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.addInitScript(PROBES);
    await page.goto(server.url);
    await page.locator('[data-testid="skill-item"]').nth(SKILLS - 1).waitFor();
    const api = await bridge(page, new URL(server.url).searchParams.get('token')!);
    const ids = Object.fromEntries(((await api('listSkills')) as { id: string; name: string }[]).map((s) => [s.name, s.id]));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const heap = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'JSHeapUsedSize')!.value / 1e6;

    if (wanted('start-up')) {
      say('… start-up\n');
      rows.push(await startup(page, api, ids, fleet));
    }

    if (wanted('1 MB result')) {
      say('… a 1 MB result through the page\n');
      rows.push(await bigResult(page, ids['flood-01']));
    }

    say('… idle\n');
    await openTool(page, 'flood-01', 'echo');
    await page.evaluate(() => (window as any).__benchReset());
    await sleep(3000);
    const idle = (await page.evaluate(() => (window as any).__benchCollect())) as Window_;
    await page.evaluate(() => (window as any).__benchReset());
    const idleClicks = await clicks(page, CLICKS);
    const idleTraffic = (await page.evaluate(() => (window as any).__benchTraffic())) as { answers: number[] };
    const idleHeap = await heap();

    for (const spread of [false, true]) {
      for (const logsOpen of [true, false]) {
        const name = `${FLOOD_MB} MB stderr ${spread ? `spread over ${SPREAD_S} s` : 'burst'}, Logs tab ${logsOpen ? 'open' : 'closed'}`;
        if (!wanted(name)) continue;
        say(`… ${name}\n`);
        await page.getByTestId(logsOpen ? 'tab-logs' : 'tab-tools').click();
        const before = logBytes(home);
        await page.evaluate(() => (window as any).__benchReset());
        await api('callTool', ids['flood-01'], 'flood', { mb: FLOOD_MB, seconds: spread ? SPREAD_S : 0 });
        const during: number[] = [];
        while (logBytes(home) - before < FLOOD_MB * 1024 * 1024 * 0.98) {
          if (!logsOpen) during.push(await clickRun(page));
          else await sleep(100);
        }
        await sleep(1000);
        const w = (await page.evaluate(() => (window as any).__benchCollect())) as Window_;
        const h = await heap();
        const traffic = (await page.evaluate(() => (window as any).__benchTraffic())) as { answers: number[]; sends: number[]; eventBytes: number; eventFrames: number };
        rows.push(timeRow(`longest task, ${name}`, 'ms', 50, w.longestTask, 1, `budget 50 ms (the browser reports only tasks over 50 ms: 0 means none); ${w.longTasks} long tasks; ${w.fps.toFixed(0)} fps (idle ${idle.fps.toFixed(0)}); worst frame gap ${w.worstGap.toFixed(0)} ms (idle ${idle.worstGap.toFixed(0)}); page heap ${h.toFixed(0)} MB (idle ${idleHeap.toFixed(0)}); the page's sockets took in ${(traffic.eventBytes / 1e6).toFixed(1)} MB of events in ${traffic.eventFrames} frames`));
        if (process.env.BENCH_UI_DEBUG) {
          const ms = (xs: number[]) => xs.slice(-30).map((d) => d.toFixed(0)).join(' ');
          say(`  clicks during: ${ms(during)}; sent after: ${ms(traffic.sends)}; their answers arrived after: ${ms(traffic.answers)}; idle: ${ms(idleClicks)}\n`);
        }
        if (during.length >= 3) rows.push(timeRow(`click to result p90, ${name}`, 'ms', p90(idleClicks), p90(during), 1 / 1.5, `baseline: idle; ${during.length} calls during the flood; where the time went, p90: the request left the page after ${p90(traffic.sends).toFixed(0)} ms, its answer reached the page after ${p90(traffic.answers).toFixed(0)} ms (idle ${p90(idleTraffic.answers).toFixed(0)} ms)`));
      }
    }

    if (wanted('switching skills and opening Logs')) {
      say('… switching skills and opening Logs\n');
      rows.push(...(await switching(page)));
    }
  } finally {
    await browser.close();
    server.proc.kill('SIGTERM');
    await new Promise((r) => server.proc.once('exit', r));
    fs.rmSync(fleet, { recursive: true, force: true });
    fs.rmSync(home, { recursive: true, force: true });
  }
  if (asJson) process.stdout.write(JSON.stringify({ rows: jsonRows(rows), node: process.version, cpus: os.cpus().length }, null, 2) + '\n');
  else {
    say('\n');
    printTable(rows, say);
  }
}

/** The workbench's API from inside the page, over a WebSocket of its own (the app's is left alone). */
async function bridge(page: Page, token: string): Promise<(method: string, ...params: unknown[]) => Promise<unknown>> {
  await page.evaluate(async (t) => {
    const ws = new WebSocket(`ws://${location.host}/api?token=${encodeURIComponent(t)}`);
    await new Promise((r) => ws.addEventListener('open', r, { once: true }));
    const waiting = new Map<number, (m: any) => void>();
    ws.addEventListener('message', (e) => {
      const m = JSON.parse(e.data);
      waiting.get(m.id)?.(m);
      waiting.delete(m.id);
    });
    let next = 1;
    (window as any).__benchApi = (method: string, params: unknown[]) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, (m) => (m.error ? reject(new Error(m.error.message ?? m.error)) : resolve(m.result)));
        ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      });
  }, token);
  return (method, ...params) => page.evaluate(([m, p]) => (window as any).__benchApi(m, p), [COMMANDS.get(method)!.wire, params] as const);
}

async function openTool(page: Page, skill: string, tool: string): Promise<void> {
  await page.locator('[data-testid="skill-item"] [data-skill-button]', { hasText: skill }).first().click();
  const status = page.locator('.skill-header [data-testid="skill-status"]');
  for (let i = 0; i < 100 && (await status.getAttribute('data-status')) !== 'ready'; i++) {
    if ((await status.getAttribute('data-status')) === 'stopped') await page.locator('.skill-header [data-testid="skill-start"]').click().catch(() => undefined);
    await sleep(100);
  }
  await page.getByTestId('tab-tools').click();
  await page.getByTestId('tool-item').filter({ hasText: tool }).first().click();
  await clickRun(page);
}

const clickRun = (page: Page) => page.evaluate(() => (window as any).__benchClickRun() as Promise<number>);

async function clicks(page: Page, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await clickRun(page));
  return out;
}

/** 20 skills started at once until the page shows them all ready, against 20 bare starts; best of 3 each, in turns. */
async function startup(page: Page, api: (m: string, ...p: unknown[]) => Promise<unknown>, ids: Record<string, string>, fleet: string): Promise<Row> {
  const all = Object.values(ids);
  const bare: number[] = [];
  const ours: number[] = [];
  const statuses = (want: string) => page.evaluate((w) => [...document.querySelectorAll('[data-testid="skill-item"] [data-testid="skill-status"]')].every((e) => e.className.includes(`status-text-${w}`)), want);
  for (let run = 0; run < 3; run++) {
    bare.push(await bareStarts(fleet));
    const t = page.evaluate(() => (window as any).__benchUntil(() => [...document.querySelectorAll('[data-testid="skill-item"] [data-testid="skill-status"]')].every((e) => e.className.includes('status-text-ready'))) as Promise<number>);
    await Promise.all(all.map((id) => api('startSkill', id)));
    ours.push(await t);
    await Promise.all(all.map((id) => api('stopSkill', id)));
    for (let i = 0; i < 100 && !(await statuses('stopped')); i++) await sleep(50);
  }
  return timeRow(`start-up: ${all.length} skills ready in the page`, 'ms', Math.min(...bare), Math.min(...ours), 1 / 1.5, `baseline: ${all.length} bare Python starts of the same skills, all at once`);
}

/**
 * One call of a 1 MB result made by the app's own client in the page (window.skillbench, over the app's WebSocket):
 * every character the page's socket took in from the call to its last event, against the result's size.
 */
async function bigResult(page: Page, skillId: string): Promise<Row> {
  const m = await page.evaluate(async (id) => {
    const sb = (window as any).skillbench;
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await sb.callTool(id, 'echo', { text: 'warm' });
    await wait(500);
    const before = (window as any).__benchAppBytes();
    const rec = await sb.callTool(id, 'echo', { text: 'x'.repeat(1024 * 1024) });
    // The call's trailing events (its message batch) come within a few frames.
    await wait(1000);
    return { bytes: (window as any).__benchAppBytes() - before, result: JSON.stringify(rec.outcome?.data ?? rec.outcome?.text).length };
  }, skillId);
  return sizeRow('one call of a 1 MB result, bytes the page took in over its WebSocket', m.result, m.bytes, 1.5, 'the app\'s own client (window.skillbench): the answer, the call events, the message previews, anything else the page was sent meanwhile');
}

/** After the floods: switching skills and opening the Logs tab, each until the page shows it; p90 against 100 ms. */
async function switching(page: Page): Promise<Row[]> {
  const switches: number[] = [];
  const logs: number[] = [];
  for (let i = 0; i < (quick ? 5 : 10); i++) {
    for (const name of ['flood-02', 'flood-01']) {
      switches.push(
        await page.evaluate((n) => {
          const item = [...document.querySelectorAll('[data-testid="skill-item"] [data-skill-button]')].find((e) => e.textContent?.includes(n)) as HTMLElement;
          const t0 = performance.now();
          item.click();
          return (window as any).__benchUntil(() => document.querySelector('.skill-title')?.textContent === n).then(() => performance.now() - t0);
        }, name),
      );
    }
    logs.push(await page.evaluate(() => (window as any).__benchClickUntil('[data-testid="tab-logs"]', () => !!document.querySelector('.logs-tab .xterm-rows'))));
    await page.getByTestId('tab-tools').click();
  }
  return [
    timeRow('switching skills after a 50 MB flood, p90', 'ms', 100, p90(switches), 1, 'budget 100 ms'),
    timeRow('opening the Logs tab after a 50 MB flood, p90', 'ms', 100, p90(logs), 1, 'budget 100 ms'),
  ];
}

main().catch((err) => {
  process.stderr.write(`bench:ui: ${(err as Error).stack ?? err}\n`);
  process.exitCode = 1;
});
