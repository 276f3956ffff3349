/**
 * Secrets in the spellings real code leaks them in: URL-encoded (JavaScript's and Python's ways), inside an
 * HTTP Basic header (base64 of `user:secret`, on each alignment), inside base64url JSON (a JWT), as hex, and
 * split over two stderr lines written apart. A real skill process spills its secret in all of them; none
 * reaches the live log, the log file, the histories, a recording, an answer or a frame for a window.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { Redactor } from '../src-main/engine/redactor';
import { skillFolder } from '../src-main/host/workbench-home';
import { writeSettings } from '../src-main/runtime/skill-settings';
import { openHomeStores } from '../src-main/runtime/stores';
import { Workbench } from '../src-main/workbench/workbench';
import { it } from './cleanup-fixture';
import { allFiles, FIXTURES } from './helpers';
import { cli } from './cli-run';
import { scaled } from './machine-factor';
import { workbenchApi } from '../src-main/workbench/api';

/** A slash, a plus, a space, !()~ and non-ASCII: each URL-encoded differently by JavaScript and Python. */
const SECRET = 's3cr3t/Pa+ss w0rd!(x)~é-8f2a91';
const BASIC_USERS = ['u', 'us', 'usr'];

/** Each UTF-8 byte as %XX, upper ('X') or lower ('x') case hex. */
const bytewise = (s: string, hexCase: 'X' | 'x') => [...Buffer.from(s)].map((b) => '%' + (hexCase === 'X' ? b.toString(16).toUpperCase() : b.toString(16)).padStart(2, '0')).join('');

/** The secret spelled as the fixture spells it, worked out here independently of the product's code. */
function leakedForms(s: string): Record<string, string> {
  const strict = encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  const hex = Buffer.from(s).toString('hex');
  const forms: Record<string, string> = {
    encodeURIComponent: encodeURIComponent(s),
    'quote(safe="")': strict,
    quote: strict.replace(/%2F/g, '/'),
    quote_plus: strict.replace(/%20/g, '+'),
    'lowercase hex escapes': strict.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    hex,
    HEX: hex.toUpperCase(),
    'every byte escaped': bytewise(s, 'X'),
    'every byte escaped, lower case': bytewise(s, 'x'),
    'escapes mixed with literal characters': [...s].map((c, i) => (i % 2 && /^[A-Za-z0-9]$/.test(c) ? c : bytewise(c, 'x'))).join(''),
    "every byte escaped, a form's + for a space": [...s].map((c) => (c === ' ' ? '+' : bytewise(c, 'X'))).join(''),
  };
  for (const user of BASIC_USERS) {
    const b64 = Buffer.from(`${user}:${s}`).toString('base64');
    // The part of the header that only the secret's bytes make (past "user:"'s group), and the whole of it.
    forms[`Basic ${user}:`] = b64;
    forms[`Basic ${user}: (secret's part)`] = b64.slice(8, -4);
  }
  return forms;
}

function leaks(text: string): string[] {
  const found = Object.entries(leakedForms(SECRET)).filter(([, f]) => text.includes(f)).map(([name]) => name);
  const joined = text.replace(/\r?\n/g, '');
  if (joined.includes(SECRET) || joined.includes(`token=${SECRET.slice(0, 8)}`)) found.push('split over two lines');
  return found;
}

describe('secrets in realistic encodings', () => {
  it('the redactor hides each encoding, and leaves ordinary text alone', () => {
    const r = new Redactor();
    r.add(SECRET);
    for (const [name, form] of Object.entries(leakedForms(SECRET))) {
      if (!name.endsWith("(secret's part)")) expect(r.text(`before ${form} after`), name).not.toContain(form);
    }
    for (const user of BASIC_USERS) {
      const header = `Authorization: Basic ${Buffer.from(`${user}:${SECRET}`).toString('base64')}`;
      const out = r.text(header);
      expect(out).toMatch(/^Authorization: Basic [A-Za-z0-9+/]{0,8}••••$/);
      expect(leaks(out)).toEqual([]);
    }
    const jwt = Buffer.from(JSON.stringify({ k: SECRET }).replace(/é/g, '\\u00e9')).toString('base64url');
    expect(r.text(`eyJ.${jwt}.sig`)).not.toContain(jwt.slice(8, -4));
    expect(r.acrossLines(`token=${SECRET.slice(0, 10)}\n${SECRET.slice(10)} (continued)\n`)).toBe('token=••••\n•••• (continued)\n');
    const plain = 'GET /v1/items?page=2 200 OK\nAuthorization: Basic dXNlcjpwYXNzd29yZA==\ncafe 0123456789abcdef\n';
    expect(r.acrossLines(plain)).toBe(plain);
  });

  it('the redactor undoes percent-encoding of any bytes, and leaves ordinary percent signs alone', () => {
    const r = new Redactor();
    r.add('pk_live_Zx81');
    const escaped = bytewise('pk_live_Zx81', 'X');
    expect(escaped.startsWith('%70%6B%5F')).toBe(true);
    expect(r.text(`GET /v1?key=${escaped}&page=2`)).toBe('GET /v1?key=••••&page=2');
    expect(r.text(`"url": "https://x.example/${bytewise('pk_live_Zx81', 'x')}/items"`)).toBe('"url": "https://x.example/••••/items"');
    expect(r.text('key=p%6B_l%69ve%5fZx81 and again pk%5Flive_Zx81.')).toBe('key=•••• and again ••••.');
    // A secret with a space, sent in a form: the space as "+", everything else escaped.
    r.add('open sesame 42');
    expect(r.text(`a=1&pw=${[...'open sesame 42'].map((c) => (c === ' ' ? '+' : bytewise(c, 'x'))).join('')}&b=2`)).toBe('a=1&pw=••••&b=2');
    const plain = 'CPU 100% busy; 50%25 off; %zz; a+b=c; 7% of pk_live_; %70%6B_live';
    expect(r.text(plain)).toBe(plain);
  });

  it('undoes percent-encoding in time linear in the text, however many percent signs it has', () => {
    const r = new Redactor();
    r.add('pk_live_Zx81');
    const hostile = `${'%'.repeat(1_000_000)}${'%7'.repeat(1_000_000)}${'%70%6B'.repeat(200_000)}${bytewise('pk_live_Zx81', 'X')}`;
    const started = performance.now();
    const out = r.text(hostile);
    expect(performance.now() - started).toBeLessThan(scaled(2000));
    expect(out.endsWith('%70%6B••••')).toBe(true);
  });

  it('call --json shows no percent-encoded spelling of the secret', { timeout: scaled(60_000) }, async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const dir = path.join(FIXTURES, 'secret-spill');
    const id = (JSON.parse((await cli(['inspect', dir, '--json'], { home })).stdout) as { id: string }).id;
    writeSettings(skillFolder(home, id), id, { secretValues: { SPILL_TOKEN: SECRET } }, openHomeStores(home).secrets);
    const out = await cli(['call', dir, 'spill', '--json'], { home });
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/bytewise.*key=••••/);
    expect(leaks(out.stdout + out.stderr)).toEqual([]);
    const logs = allFiles(path.join(home, 'skills')).filter((f) => f.includes(`${path.sep}logs${path.sep}`));
    expect(logs.length).toBeGreaterThan(0);
    const logged = logs.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
    expect(logged).toMatch(/form_bytewise: secret=••••/);
    expect(leaks(logged)).toEqual([]);
  });

  it('a real skill spilling its secret in every encoding leaks it nowhere', { timeout: scaled(60_000) }, async ({ cleanup }) => {
    const ws = cleanup.tempDir();
    fs.cpSync(path.join(FIXTURES, 'secret-spill'), path.join(ws, 'secret-spill'), { recursive: true });
    const home = cleanup.tempDir();
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [ws], namedFolders: true }));
    const api = workbenchApi(wb);
    const frames: string[] = [];
    wb.events.onAnyForWindow((event, payload) => frames.push(`${event} ${JSON.stringify(payload)}`));
    const [skill] = await api.listSkills();
    await api.updateSkillSettings(skill.id, { secretValues: { SPILL_TOKEN: SECRET } });
    await api.startRecording(skill.id, 'spill');
    const answer = await api.callTool(skill.id, 'spill', {});
    expect(answer.outcome?.ok).toBe(true);
    // The answer did carry every form: the fixture spilled them, the workbench hid them.
    expect(Object.keys(JSON.parse(answer.outcome!.text!) as Record<string, string>)).toContain('basic_usr');
    await new Promise((r) => setTimeout(r, 200)); // the stderr lines after the answer
    await api.stopRecording(skill.id);
    const live = (await api.getLogs(skill.id)).map((l) => l.text).join('\n');
    expect(live).toMatch(/basic_usr: Authorization: Basic /);
    expect(live).toMatch(/token=••••\n•••• \(continued\)/);
    const seen: Record<string, string> = {
      answer: JSON.stringify(answer),
      'live log': live,
      history: JSON.stringify(await api.getHistory(skill.id)),
      messages: JSON.stringify(await api.getMessages(skill.id)),
      timeline: JSON.stringify(await api.getTimeline(skill.id)),
      'window frames': frames.join('\n'),
    };
    await wb.close();
    for (const f of allFiles(home)) seen[path.relative(home, f)] = fs.readFileSync(f, 'utf8');
    const found = Object.entries(seen).flatMap(([where, text]) => leaks(text).map((form) => `${where}: ${form}`));
    expect(found).toEqual([]);
    expect(Object.keys(seen).some((f) => f.includes(`logs${path.sep}`))).toBe(true);
  });
});
