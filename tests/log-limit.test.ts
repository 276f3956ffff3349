/**
 * A skill's live log file stays within its history limit (`maxMb`) while the skill floods it: the log keeps
 * its start and its newest lines, in capped parts, and says where lines were dropped; the Logs tab's search
 * and the log-file view read every part with the line numbers of the whole log. The home is a small disk
 * where this machine can mount one: a flood many times its size never fills it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import type { WorkbenchEvents } from '../src-main/contract';
import { CONTINUED } from '../src-main/engine/log-segments';
import { skillFolder } from '../src-main/host/workbench-home';
import { pruneHistory } from '../src-main/runtime/history-retention';
import { Workbench } from '../src-main/workbench/workbench';
import { it } from './cleanup-fixture';
import { FIXTURES, waitFor } from './helpers';
import { mountSmallDisk, unmountSmallDisk } from './small-disk';
import { scaled } from './machine-factor';

const disk = mountSmallDisk('6m');
afterAll(() => {
  if (disk) unmountSmallDisk(disk);
});

const MB = 1024 * 1024;
const LINES = 120_000;
const WIDTH = 200; // 24 MB of output: four times the small disk, 24 times the limit

describe('the live log file within its limit', () => {
  it(`keeps a ${Math.round((LINES * WIDTH) / MB)} MB flood within maxMb: 1, with its start, its end and where lines were dropped`, { timeout: scaled(120_000) }, async ({ cleanup }) => {
    const home = disk ? fs.mkdtempSync(path.join(disk, 'home-')) : cleanup.tempDir();
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [path.join(FIXTURES, 'log-flood')], namedFolders: true }));
    const told: WorkbenchEvents['diskTrouble'][] = [];
    wb.events.on('diskTrouble', (news) => told.push(news));
    const [skill] = await wb.listSkills();
    await wb.updateSkillSettings(skill.id, { history: { maxMb: 1, maxDays: 30 } });
    const answer = await wb.callTool(skill.id, 'print', { lines: LINES, width: WIDTH }, { timeoutMs: 100_000 });
    expect(answer.outcome?.ok).toBe(true);
    // The lines come on stderr, the answer on stdout: wait until the last line is in the file.
    const last = `flood ${LINES} `;
    await waitFor(async () => (await wb.logFiles.searchLogFile(skill.id, { text: last })).matches.length === 1, 30_000, 'the last line in the log file');

    const logsDir = path.join(skillFolder(home, skill.id), 'logs');
    const files = fs.readdirSync(logsDir).sort();
    const sizes = files.map((f) => fs.statSync(path.join(logsDir, f)).size);
    const total = sizes.reduce((a, b) => a + b, 0);
    console.log(`log of a ${(LINES * WIDTH / MB).toFixed(0)} MB flood with maxMb 1: ${files.length} files, ${(total / MB).toFixed(2)} MB (${sizes.map((s) => Math.round(s / 1024)).join(' + ')} KB)`);
    // The limit, give or take the one chunk that may cross a part's end.
    expect(total).toBeLessThanOrEqual(MB + 128 * 1024);
    expect((await wb.logFiles.logFileInfo(skill.id)).bytes).toBe(total);
    expect(told).toEqual([]);

    // The start is in the first file, the newest lines in the last part, and the parts say where they continue.
    const first = fs.readFileSync(path.join(logsDir, files[0]), 'utf8');
    const newest = fs.readFileSync(path.join(logsDir, files.at(-1)!), 'utf8');
    expect(first).toContain('\nflood 1 x');
    expect(newest).toContain(`\n${last}`);
    const marker = CONTINUED.exec(newest.split('\n')[0]);
    expect(marker, 'a part begins with where it continues').not.toBeNull();
    expect(newest.split('\n')[0]).toMatch(/were dropped to stay within 1 MB/);

    // Search reads every part, numbering lines as the whole log did.
    const firstHit = (await wb.logFiles.searchLogFile(skill.id, { text: 'flood 1 x' })).matches[0];
    const lastHit = (await wb.logFiles.searchLogFile(skill.id, { text: last })).matches[0];
    expect(lastHit.line - firstHit.line).toBe(LINES - 1);
    const middle = (await wb.logFiles.searchLogFile(skill.id, { text: `flood ${LINES / 2} ` })).matches;
    expect(middle).toEqual([]);
    // The Logs tab numbers the lines it holds in memory from the file: the same numbers.
    const live = (await wb.getLogs(skill.id)).find((e) => e.text.startsWith(last))!;
    expect((await wb.logFiles.logFileInfo(skill.id, live.seq)).linesBefore + 1).toBe(lastHit.line);
    // The running session's parts are its own: pruning the history spares them as it spares the first file.
    expect(pruneHistory(home, { limitsOf: () => ({ maxMb: 0.01, maxDays: 30 }) }).removed).toEqual([]);

    // The log-file view (the browser's route) says where lines were dropped, in the whole log's numbering.
    let text = '';
    await wb.logFiles.render(skill.id, { write: (t) => ((text += t), true), drained: () => Promise.resolve() });
    const gap = /\[lines ([\d,]+) to ([\d,]+) \(([\d.]+ MB)\) were dropped here/.exec(text);
    expect(gap).not.toBeNull();
    const numberOf = (s: string) => Number(s.replace(/,/g, ''));
    expect(text).toMatch(new RegExp(`\\n\\s*${lastHit.line}  \\S+ err  ${last}`));
    expect(numberOf(gap![1])).toBeGreaterThan(firstHit.line);
    expect(numberOf(gap![2])).toBeLessThan(lastHit.line);
  });
});
