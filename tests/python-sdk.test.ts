/**
 * The workbench's Python SDK for SkillDefinition skills (resources/python/dev) and its launcher, driven through
 * real Python processes by the engine's RpcProcess. A small in-memory host answers the skills' reverse calls.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { EXAMPLES, ROOT, SDK_TOOLS, waitFor } from './helpers';
import { scaled } from './machine-factor';
import { OUR_SDK, REPO, SKILLDEF, fixture, launch, loadFailure, rejection, text } from './python-sdk-host';

describe('Python SDK: the host -> skill methods', () => {
  it('tools/list gives each tool an inputSchema, with required null when the tool declares none', async ({ cleanup }) => {
    const { req } = fixture(cleanup, 'full');
    const { tools } = await req<{ tools: any[] }>('tools/list');
    expect(tools.find((t) => t.name === 'echo')).toEqual({
      name: 'echo',
      description: 'echo (test tool)',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    });
    expect(tools.find((t) => t.name === 'boom').inputSchema).toEqual({ type: 'object', properties: {}, required: null });
  });

  it('tools/call answers text content and isError; an exception or unknown tool is -32603 with the message', async ({ cleanup }) => {
    const { req, stderr } = fixture(cleanup, 'full');
    expect(await req('tools/call', { name: 'echo', arguments: { text: 'hi' } })).toEqual({ content: [{ type: 'text', text: 'hi' }], isError: false });
    expect(await req('tools/call', { name: 'soft_error', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'bad input' }], isError: true });
    const boom = await rejection(req('tools/call', { name: 'boom', arguments: {} }));
    expect([boom.code, boom.message]).toEqual([-32603, 'boom: the tool failed on purpose']);
    const unknown = await rejection(req('tools/call', { name: 'nope', arguments: {} }));
    expect([unknown.code, unknown.message]).toEqual([-32603, 'Unknown tool: nope']);
    await waitFor(() => /Traceback[\s\S]*ValueError: boom/.test(stderr()), 3000, 'the traceback on stderr');
  });

  it('skill/load creates the data folder and runs on_load, which calls the host back', async ({ cleanup }) => {
    const { req, host, stderr } = fixture(cleanup, 'full');
    host.state = { theme: 'dark' };
    const dataDir = path.join(cleanup.tempDir(), 'skills', 'full', 'data');
    expect(await req('skill/load', { manifest: { id: 'full' }, dataDir })).toEqual({ ok: true });
    expect(fs.statSync(dataDir).isDirectory()).toBe(true);
    expect(host.calls.map((c) => c.method)).toContain('state/get');
    expect(JSON.parse(text(await req('tools/call', { name: 'ctx_info', arguments: {} }))).data_dir).toBe(dataDir);
    await waitFor(() => stderr().includes("[skill] loaded with state keys ['theme']"), 3000, 'the on_load log line');
  });

  it('session, tick and unload answer {ok:true} and run their hooks', async ({ cleanup }) => {
    const { req, host } = fixture(cleanup, 'full');
    await req('skill/load', { manifest: {}, dataDir: cleanup.tempDir() });
    expect(await req('skill/sessionStart', { sessionId: 's1' })).toEqual({ ok: true });
    const info = JSON.parse(text(await req('tools/call', { name: 'ctx_info', arguments: {} })));
    expect([info.session, info.started]).toEqual(['s1', 's1']);
    expect(await req('skill/tick')).toEqual({ ok: true });
    expect(await req('skill/tick')).toEqual({ ok: true });
    await waitFor(() => host.state.ticks === 2, 3000, 'ticks in state');
    expect(await req('skill/sessionEnd', { sessionId: 's1' })).toEqual({ ok: true });
    await waitFor(() => host.eventsOf('session_ended').length === 1, 3000, 'the session_ended event');
    expect(host.eventsOf('session_started')[0].data).toEqual({ sessionId: 's1' });
    expect(host.eventsOf('session_ended')[0].data).toEqual({ sessionId: 's1', had: 's1' });
    expect(JSON.parse(text(await req('tools/call', { name: 'ctx_info', arguments: {} }))).session).toBe('');
    expect(await req('skill/unload')).toEqual({ ok: true });
    expect(host.data.get('unloaded.txt')).toBe('bye');
  });

  it('beforeMessage and afterResponse answer text, or null for unchanged; a failing hook is -32603', async ({ cleanup }) => {
    const { req, stderr } = fixture(cleanup, 'full');
    expect(await req('skill/beforeMessage', { message: '!hi there' })).toEqual({ message: 'HI THERE' });
    expect(await req('skill/beforeMessage', { message: 'plain' })).toEqual({ message: null });
    expect(await req('skill/afterResponse', { response: 'a secret word' })).toEqual({ response: 'a [hidden] word' });
    expect(await req('skill/afterResponse', { response: 'fine' })).toEqual({ response: null });
    const err = await rejection(req('skill/beforeMessage', { message: 'fail' }));
    expect([err.code, err.message]).toEqual([-32603, 'before_message failed on purpose']);
    await waitFor(() => /RuntimeError: before_message failed on purpose/.test(stderr()), 3000, 'the traceback');
  });

  it('setup: the step with every field key, camelCase submit results, and cancel', async ({ cleanup }) => {
    const { req, host } = fixture(cleanup, 'full');
    expect(await req('setup/start')).toEqual({
      step: {
        id: 'account',
        title: 'Account',
        description: null,
        fields: [
          { name: 'username', type: 'text', label: 'User name', description: null, required: true, default: null, placeholder: 'jane', options: null },
          {
            name: 'region', type: 'select', label: 'Region', description: 'Where your data lives', required: false, default: 'eu', placeholder: null,
            options: [{ label: 'Europe', value: 'eu' }, { label: 'US', value: 'us' }],
          },
        ],
      },
    });
    expect(await req('setup/submit', { stepId: 'account', values: {} })).toEqual({
      status: 'error', nextStep: null, errors: [{ field: 'username', message: 'Enter a user name.' }], message: null,
    });
    expect(await req('setup/submit', { stepId: 'account', values: { username: 'ada' } })).toEqual({
      status: 'next',
      nextStep: {
        id: 'confirm', title: 'Confirm', description: 'Last step',
        fields: [{ name: 'agree', type: 'boolean', label: 'I agree', description: null, required: true, default: false, placeholder: null, options: null }],
      },
      errors: null,
      message: null,
    });
    expect(await req('setup/submit', { stepId: 'confirm', values: { agree: true } })).toEqual({
      status: 'complete', nextStep: null, errors: null, message: 'Set up (agree=True)',
    });
    expect(await req('setup/cancel')).toEqual({ ok: true });
    await waitFor(() => host.eventsOf('setup_cancelled').length === 1, 3000, 'the on_setup_cancel hook');
  });

  it('without hooks: setup/start is -32603, setup/cancel is ok, message hooks answer null', async ({ cleanup }) => {
    const { req } = fixture(cleanup, 'bare');
    const err = await rejection(req('setup/start'));
    expect([err.code, err.message]).toEqual([-32603, 'Skill does not implement setup flow']);
    expect((await rejection(req('setup/submit', { stepId: 'x', values: {} }))).code).toBe(-32603);
    expect(await req('setup/cancel')).toEqual({ ok: true });
    expect(await req('skill/beforeMessage', { message: 'hi' })).toEqual({ message: null });
    expect(await req('skill/afterResponse', { response: 'hi' })).toEqual({ response: null });
    for (const m of ['skill/load', 'skill/tick', 'skill/unload', 'skill/sessionStart', 'skill/sessionEnd']) {
      expect(await req(m, m === 'skill/load' ? { manifest: {}, dataDir: cleanup.tempDir() } : { sessionId: 's' })).toEqual({ ok: true });
    }
    expect(await req('tools/call', { name: 'ping', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'pong' }], isError: false });
  });

  it('an unknown method is -32603 "Unknown method: X"; skill/status describes the skill', async ({ cleanup }) => {
    const { req } = fixture(cleanup, 'full');
    const err = await rejection(req('options/frobnicate', {}));
    expect([err.code, err.message]).toEqual([-32603, 'Unknown method: options/frobnicate']);
    expect(await req('skill/status')).toMatchObject({ name: 'full', version: '1.0.0', hasSetup: true, tickInterval: 1000, tools: 14 + SDK_TOOLS.length, loaded: false, sdk: 'skillbench' });
  });

  it('tools registered at runtime show up in tools/list and can be called', async ({ cleanup }) => {
    const { req } = fixture(cleanup, 'full');
    await req('skill/load', { manifest: {}, dataDir: cleanup.tempDir() });
    await req('tools/call', { name: 'add_tool', arguments: {} });
    const { tools } = await req<{ tools: any[] }>('tools/list');
    expect(tools.map((t) => t.name)).toContain('dynamic');
    expect(text(await req('tools/call', { name: 'dynamic', arguments: {} }))).toBe('dynamic tool ran');
  });
});

describe('Python SDK: concurrency and reverse calls', () => {
  it('a hook that calls the host while the host waits for that hook completes (no deadlock)', async ({ cleanup }) => {
    const { req, host } = fixture(cleanup, 'full');
    host.state = { b: 2, a: 1 };
    host.delayMs.set('state/get', 200);
    const started = Date.now();
    expect(await req('skill/beforeMessage', { message: 'state?' })).toEqual({ message: 'state keys: a,b' });
    expect(Date.now() - started).toBeLessThan(scaled(5000));
  });

  it('answers out of order: a slow call does not hold up a fast one', async ({ cleanup }) => {
    const { req } = fixture(cleanup, 'full');
    const order: string[] = [];
    const slow = req('tools/call', { name: 'sleep', arguments: { seconds: 0.5 } }).then(() => order.push('slow'));
    const fast = req('tools/call', { name: 'echo', arguments: { text: 'x' } }).then(() => order.push('fast'));
    await Promise.all([slow, fast]);
    expect(order).toEqual(['fast', 'slow']);
  });

  it('set_state and emit_event do not wait for the host, and still arrive', async ({ cleanup }) => {
    const { req, host } = fixture(cleanup, 'full');
    await req('skill/load', { manifest: {}, dataDir: cleanup.tempDir() });
    host.never.add('state/set').add('intelligence/emitEvent');
    expect(text(await req('tools/call', { name: 'remember', arguments: { key: 'colour', value: 'red' } }))).toBe('noted');
    await waitFor(() => host.calls.some((c) => c.method === 'intelligence/emitEvent'), 3000, 'the event');
    expect(host.calls.find((c) => c.method === 'state/set')?.params).toEqual({ partial: { colour: 'red' } });
    expect(host.calls.find((c) => c.method === 'intelligence/emitEvent')?.params).toEqual({ eventType: 'remembered', data: { key: 'colour' } });
  });

  it('a reverse call the host never answers fails after the timeout with a clear error', async ({ cleanup }) => {
    const { req, host } = fixture(cleanup, 'full', { SKILL_REVERSE_TIMEOUT_S: '0.3' });
    host.never.add('state/get');
    const started = Date.now();
    const err = await rejection(req('skill/load', { manifest: {}, dataDir: cleanup.tempDir() }));
    expect(err.code).toBe(-32603);
    expect(err.message).toBe('Reverse call state/get got no answer from the host within 0.3 s');
    expect(Date.now() - started).toBeLessThan(scaled(5000));
    expect(text(await req('tools/call', { name: 'echo', arguments: { text: 'still here' } }))).toBe('still here');
  });

  it('host errors on reverse calls reach the skill; memory, data and entities go through the host', async ({ cleanup }) => {
    const { req, host } = fixture(cleanup, 'full');
    await req('skill/load', { manifest: {}, dataDir: cleanup.tempDir() });
    expect(text(await req('tools/call', { name: 'files', arguments: { name: 'notes.txt', content: 'hello' } }))).toBe('hello');
    expect(host.data.get('notes.txt')).toBe('hello');
    const refused = await rejection(req('tools/call', { name: 'files', arguments: { name: '../escape.txt', content: 'x' } }));
    expect(refused.message).toBe('data/write failed on the host: refused the file name ../escape.txt');
    const memory = JSON.parse(text(await req('tools/call', { name: 'memory', arguments: {} })));
    expect(memory).toEqual({ read: 'blue sky', found: [{ name: 'colour', content: 'blue sky' }], names: ['colour'] });
    expect(JSON.parse(host.data.get('memory.json')!)).toEqual({ colour: 'blue sky' });
    const found = JSON.parse(text(await req('tools/call', { name: 'entities', arguments: {} })));
    expect(found).toEqual([{ type: 'contact', source: 'full', sourceId: 'c1', title: 'Ada', metadata: { tags: ['vip'] } }]);
  });

  it('reads lines over 64 KiB and writes ASCII-only lines with \\u escapes', async ({ cleanup }) => {
    const { req, lines } = fixture(cleanup, 'full');
    const big = 'x'.repeat(200_000);
    expect(text(await req('tools/call', { name: 'big', arguments: { text: big } }))).toBe('got 200000 characters');
    expect(text(await req('tools/call', { name: 'unicode', arguments: {} }))).toBe('héllo 世界 😀');
    const line = lines.find((l) => l.includes('h\\u00e9llo'));
    expect(line).toBeDefined();
    expect(/^[\x20-\x7e]*$/.test(line!)).toBe(true);
  });

  it('stray prints go to stderr and malformed input lines are logged, not fatal', async ({ cleanup }) => {
    const s = fixture(cleanup, 'full');
    expect(text(await s.req('tools/call', { name: 'noisy', arguments: {} }))).toBe('printed');
    s.rp.child.proc.stdin!.write('this is not json\n');
    expect(text(await s.req('tools/call', { name: 'echo', arguments: { text: 'ok' } }))).toBe('ok');
    await waitFor(() => /ignored a line that is not JSON: this is not json/.test(s.stderr()), 3000, 'the malformed-line log');
    expect(s.stderr()).toContain('stray print from a tool');
    expect(s.logs.entries().filter((e) => e.stream === 'stdout')).toEqual([]);
  });
});

describe('Python SDK: stopping', () => {
  it('skill/shutdown answers {ok:true} and the process exits 0 at once', async ({ cleanup }) => {
    const { req, rp } = fixture(cleanup, 'full');
    await req('tools/call', { name: 'echo', arguments: { text: 'warm' } });
    const started = Date.now();
    expect(await req('skill/shutdown')).toEqual({ ok: true });
    const info = await rp.exited;
    expect(info.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(scaled(1000));
  });

  it('ends with code 0 when the host closes stdin', async ({ cleanup }) => {
    const { req, rp } = fixture(cleanup, 'bare');
    await req('tools/call', { name: 'ping', arguments: {} });
    rp.child.proc.stdin!.end();
    expect((await rp.exited).code).toBe(0);
  });
});

describe('skillbench_launch.py', () => {
  it('says which SDK it runs on: ours by default', async ({ cleanup }) => {
    const s = fixture(cleanup, 'bare');
    await s.req('tools/list');
    await waitFor(() => s.stderr().includes('skillbench: SDK '), 3000, 'the SDK line');
    expect(s.stderr()).toContain(`skillbench: SDK ${OUR_SDK}`);
  });

  it('--sdk-root runs the repository\'s own SDK and imports the skill as its package', async ({ cleanup }) => {
    const s = launch(cleanup, ['--skill-dir', path.join(REPO, 'skills', 'echo_repo'), '--sdk-root', REPO]);
    expect(await s.req('skill/status')).toEqual({ sdk: 'fixture-repo' });
    expect(text(await s.req('tools/call', { name: 'shout', arguments: { text: 'hi' } }))).toBe('HI! from skills.echo_repo.skill');
    await waitFor(() => s.stderr().includes('skillbench: SDK '), 3000, 'the SDK line');
    expect(s.stderr()).toContain(`skillbench: SDK ${fs.realpathSync(path.join(REPO, 'dev'))}`);
    expect(s.stderr()).not.toContain(OUR_SDK);
  });

  it('refuses an --sdk-root that brings no SDK', async ({ cleanup }) => {
    const s = launch(cleanup, ['--skill-dir', path.join(SKILLDEF, 'bare'), '--sdk-root', SKILLDEF]);
    await loadFailure(s, /has no dev\/runtime\/server\.py/);
  });

  it('an invalid setup field type stops loading with the field, the allowed types, file and line', async ({ cleanup }) => {
    const out = await loadFailure(fixture(cleanup, 'bad-field-type'), /could not load the skill/);
    const last = out.trim().split('\n').pop()!;
    expect(last).toContain(`(at ${path.join(SKILLDEF, 'bad-field-type', 'skill.py')}, line 5)`);
    expect(last).toContain('SetupField: field "type" must be one of text, number, password, select, multiselect, boolean (got \'date\')');
  });

  it('a tick_interval under 1000 ms stops loading with a clear message', async ({ cleanup }) => {
    const out = await loadFailure(fixture(cleanup, 'bad-tick'), /could not load the skill/);
    expect(out.trim().split('\n').pop()).toContain('SkillDefinition: field "tick_interval" must be at least 1000 ms (got 500)');
  });

  it('a syntax error gives the file and the line', async ({ cleanup }) => {
    const out = await loadFailure(fixture(cleanup, 'syntax-error'), /syntax error in/);
    expect(out).toContain(`syntax error in ${path.join(SKILLDEF, 'syntax-error', 'skill.py')}, line 5`);
  });

  it('a module without a `skill` export, or without the entry file, is refused', async ({ cleanup }) => {
    await loadFailure(fixture(cleanup, 'no-export'), /no-export\/skill\.py defines no `skill`/);
    const s = launch(cleanup, ['--skill-dir', path.join(SKILLDEF, 'bare'), '--entry', 'main.py']);
    await loadFailure(s, /entry file .*main\.py does not exist/);
  });
});

describe('the price-alerts example', () => {
  const example = (cleanup: Cleanup) => launch(cleanup, ['--skill-dir', path.join(EXAMPLES, 'price-alerts')]);
  const load = (cleanup: Cleanup, s: ReturnType<typeof example>) => s.req('skill/load', { manifest: { id: 'price-alerts' }, dataDir: cleanup.tempDir() });
  const call = async (s: ReturnType<typeof example>, name: string, args: object) => JSON.parse(text(await s.req('tools/call', { name, arguments: args })));
  /** The example's price wave, to check that the Python side follows it. */
  const priceOf = (symbol: 'BTC' | 'ETH', tick: number) => ({ BTC: 60000, ETH: 3000 })[symbol] * (1 + 0.06 * Math.sin(tick * 0.35 + { BTC: 0, ETH: 1.3 }[symbol]));
  const KEY = 'pk_demo1234567890abcdefghij';

  it('setup: the key is checked field by field, then the preferences, then the config goes to state', async ({ cleanup }) => {
    const s = example(cleanup);
    await load(cleanup, s);
    const submit = (stepId: string, values: object) => s.req('setup/submit', { stepId, values });
    const { step } = await s.req('setup/start');
    expect(step.id).toBe('credentials');
    expect(step.fields.map((f: any) => [f.name, f.type, f.required])).toEqual([['api_key', 'password', true], ['account_label', 'text', false]]);
    const bad: [string, RegExp][] = [['', /Enter your API key/], ['sk_123', /starts with pk_/], ['pk_abc', /exactly 24 letters and digits; this one has 3/], [`pk_${'a'.repeat(23)}!`, /only letters and digits/]];
    for (const [key, why] of bad) {
      expect(await submit('credentials', { api_key: key })).toEqual({ status: 'error', nextStep: null, errors: [{ field: 'api_key', message: expect.stringMatching(why) }], message: null });
    }
    const next = await submit('credentials', { api_key: KEY, account_label: 'Main' });
    expect([next.status, next.nextStep.id, next.errors]).toEqual(['next', 'preferences', null]);
    expect(next.nextStep.fields.map((f: any) => [f.name, f.type, f.default])).toEqual([
      ['currency', 'select', 'USD'], ['symbols', 'multiselect', ['BTC', 'ETH']], ['threshold_pct', 'number', 5], ['notify_on_drops', 'boolean', true],
    ]);
    const wrong = await submit('preferences', { currency: 'JPY', symbols: [], threshold_pct: 80 });
    expect(wrong.errors.map((e: any) => e.field)).toEqual(['currency', 'symbols', 'threshold_pct']);
    expect(await submit('preferences', { currency: 'EUR', symbols: ['ETH', 'BTC'], threshold_pct: 5, notify_on_drops: true })).toEqual({
      status: 'complete', nextStep: null, errors: null, message: 'Watching BTC, ETH in EUR; moves of 5% are reported.',
    });
    await waitFor(() => s.host.state.configured === true, 3000, 'configured in state');
    expect(s.host.state).toMatchObject({ api_key: KEY, config: { currency: 'EUR', symbols: ['BTC', 'ETH'], threshold_pct: 5, notify_on_drops: true, account_label: 'Main' } });
    expect(await s.req('setup/cancel')).toEqual({ ok: true });
    expect((await submit('preferences', { currency: 'USD', symbols: ['BTC'] })).message).toMatch(/Start setup again/);
  });

  it('tools take nested and array parameters and answer JSON text', async ({ cleanup }) => {
    const s = example(cleanup);
    await load(cleanup, s);
    const schema = (await s.req('tools/list')).tools.find((t: any) => t.name === 'add_alert').inputSchema;
    expect(schema.required).toEqual(['symbol', 'condition', 'channels']);
    expect(schema.properties.condition).toMatchObject({ type: 'object', required: ['direction', 'price'], properties: { direction: { enum: ['above', 'below'] } } });
    expect(schema.properties.channels).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(await call(s, 'get_price', { symbol: 'BTC' })).toEqual({ symbol: 'BTC', name: 'Bitcoin', price: 60000, currency: 'USD', tick: 0, change_pct: 0 });
    const added = await call(s, 'add_alert', { symbol: 'BTC', condition: { direction: 'above', price: 60600 }, channels: ['in_app', 'email'], tags: ['test'] });
    expect(added.alert).toMatchObject({ id: 'a1', symbol: 'BTC', currency: 'USD', channels: ['in_app', 'email'], tags: ['test'], triggered: null });
    expect(JSON.parse(s.host.data.get('alerts.json')!).map((a: any) => a.id)).toEqual(['a1']);
    const refused = await s.req('tools/call', { name: 'add_alert', arguments: { symbol: 'BTC', condition: { direction: 'sideways', price: 1 }, channels: ['in_app'] } });
    expect([refused.isError, text(refused)]).toEqual([true, 'condition needs a direction, "above" or "below".']);
    const value = await call(s, 'portfolio_value', { holdings: [{ symbol: 'BTC', amount: 0.5 }, { symbol: 'ETH', amount: 2 }] });
    expect(value.holdings.map((h: any) => h.symbol)).toEqual(['BTC', 'ETH']);
    expect(value.total).toBeCloseTo(0.5 * priceOf('BTC', 0) + 2 * priceOf('ETH', 0), 1);
    expect((await call(s, 'list_alerts', {})).alerts.map((a: any) => a.id)).toEqual(['a1']);
  });

  it('each tick moves prices the same way, triggers alerts once, emits events and upserts assets', async ({ cleanup }) => {
    const s = example(cleanup);
    s.host.state = { configured: true, tick: 0, config: { currency: 'USD', symbols: ['BTC', 'ETH'], threshold_pct: 5, notify_on_drops: true } };
    const alert = (id: string, symbol: string, direction: string, price: number) => ({ id, symbol, condition: { direction, price }, currency: 'USD', channels: ['push'], tags: [], created_tick: 0, triggered: null });
    s.host.data.set('alerts.json', JSON.stringify([alert('a1', 'BTC', 'above', 60600), alert('a2', 'ETH', 'below', 100)]));
    await load(cleanup, s);
    expect(await s.req('skill/tick')).toEqual({ ok: true });
    const fired = s.host.eventsOf('price_alert');
    expect(fired.map((e) => e.data)).toEqual([expect.objectContaining({ alertId: 'a1', symbol: 'BTC', direction: 'above', target: 60600, tick: 1, channels: ['push'] })]);
    expect(fired[0].data.price).toBeCloseTo(priceOf('BTC', 1), 1);
    expect(JSON.parse(s.host.data.get('alerts.json')!).map((a: any) => a.triggered)).toEqual([{ tick: 1, price: fired[0].data.price }, null]);
    await waitFor(() => s.host.state.tick === 1, 3000, 'the tick in state');
    expect(s.host.entities.map((e) => [e.type, e.source, e.sourceId])).toEqual([['asset', 'price-alerts', 'BTC'], ['asset', 'price-alerts', 'ETH']]);
    for (let i = 2; i <= 9; i++) await s.req('skill/tick');
    const drops = s.host.eventsOf('price_drop').map((e) => e.data);
    expect(drops).toEqual([expect.objectContaining({ symbol: 'ETH', tick: 9, threshold_pct: 5 })]);
    expect(s.host.eventsOf('price_alert')).toHaveLength(1);
    expect((await call(s, 'get_price', { symbol: 'ETH' })).price).toBeCloseTo(priceOf('ETH', 9), 1);
    expect(s.host.entities.find((e) => e.sourceId === 'ETH')?.metadata).toMatchObject({ tick: 9, currency: 'USD' });
  });

  it('message hooks expand $TICKERS and add a disclaimer to responses that quote a price', async ({ cleanup }) => {
    const s = example(cleanup);
    expect(await s.req('skill/beforeMessage', { message: 'is $btc up? and $XYZ?' })).toEqual({ message: 'is $BTC (60,000.00 USD) up? and $XYZ?' });
    expect(await s.req('skill/beforeMessage', { message: 'no tickers here' })).toEqual({ message: null });
    const { response } = await s.req('skill/afterResponse', { response: 'BTC trades at $61,234.46 now.' });
    expect(response).toMatch(/^BTC trades at \$61,234\.46 now\.\n\n\(Prices come from .*not financial advice\.\)$/);
    expect(await s.req('skill/afterResponse', { response: 'Nothing to quote.' })).toEqual({ response: null });
  });

  it('on_unload saves alerts and the tick, and the next process loads them back', async ({ cleanup }) => {
    const first = example(cleanup);
    await load(cleanup, first);
    await call(first, 'add_alert', { symbol: 'ETH', condition: { direction: 'below', price: 2900 }, channels: ['email'] });
    await first.req('skill/tick');
    await first.req('skill/tick');
    expect(await first.req('skill/unload')).toEqual({ ok: true });
    await waitFor(() => first.host.state.tick === 2, 3000, 'the tick in state');
    const second = example(cleanup);
    second.host.state = first.host.state;
    second.host.data = first.host.data;
    await load(cleanup, second);
    expect((await call(second, 'list_alerts', {})).alerts.map((a: any) => a.id)).toEqual(['a1']);
    expect((await call(second, 'get_price', { symbol: 'BTC' })).tick).toBe(2);
  });
});

describe('Python SDK: the types, as loose as Pydantic v2', () => {
  it('lets a skill assign to a mutable model and accepts lax booleans and whole numbers, but not nonsense', () => {
    const script = [
      'from dev.types.skill_types import SkillDefinition, ToolResult',
      't = ToolResult(content="a"); t.content = "changed"; print(t.content)',
      's = SkillDefinition(name="x", description="y", has_setup=1, tick_interval="5000"); print(s.has_setup, s.tick_interval)',
      'try:\n    SkillDefinition(name="x", description="y", has_setup="maybe")\nexcept ValueError as e:\n    print(e)',
    ].join('\n');
    const out = execFileSync('python3', ['-c', script], { env: { ...process.env, PYTHONPATH: path.join(ROOT, 'resources', 'python') }, encoding: 'utf8' });
    expect(out.trim().split('\n')).toEqual(['changed', 'True 5000', 'SkillDefinition: field "has_setup" must be true or false (got \'maybe\')']);
  });
});
