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
import { Workbench } from '../src-main/workbench/workbench';
import { it } from './cleanup-fixture';
import { allFiles, FIXTURES } from './helpers';
import { workbenchApi } from '../src-main/workbench/api';
import { scaled } from './machine-factor';

/** A slash, a plus, a space, !()~ and non-ASCII: each URL-encoded differently by JavaScript and Python. */
const SECRET = 's3cr3t/Pa+ss w0rd!(x)~é-8f2a91';
const BASIC_USERS = ['u', 'us', 'usr'];

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

  it('a real skill spilling its secret in every encoding leaks it nowhere', { timeout: scaled(60_000) }, async ({ cleanup }) => {
    const ws = cleanup.tempDir();
    fs.cpSync(path.join(FIXTURES, 'secret-spill'), path.join(ws, 'secret-spill'), { recursive: true });
    const home = cleanup.tempDir();
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [ws], replaceFolders: true }));
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
