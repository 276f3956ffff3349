/**
 * The bundled SDK on the current SDK surface, driven through a real Python process over JSON-RPC: options,
 * triggers, interop, status and lifecycle (host -> skill), and the context's newer reverse calls (skill -> host).
 * The fixture `skilldef-current/watchlist` is shaped like the real skills: a package with relative imports,
 * MCP `Tool` definitions (a stand-in `mcp` package on PYTHONPATH, here only), options with a tool_filter, a
 * trigger schema, an interop schema and an entity schema.
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { FIXTURES, SDK_TOOLS, waitFor } from './helpers';
import { launch, rejection, text } from './python-sdk-host';

const CURRENT = path.join(FIXTURES, 'skilldef-current');
const STAND_INS = path.join(FIXTURES, 'stand-ins');

function watchlist(cleanup: Cleanup, env: Record<string, string> = {}) {
  const s = launch(cleanup, ['--skill-dir', path.join(CURRENT, 'watchlist'), '--entry', '__main__.py', '--package', 'skills.watchlist'], {
    PYTHONPATH: STAND_INS,
    ...env,
  });
  const load = () => s.req('skill/load', { manifest: { id: 'watchlist' }, dataDir: cleanup.tempDir() });
  const names = async () => ((await s.req('tools/list')).tools as { name: string }[]).map((t) => t.name);
  const call = (name: string, args: object = {}) => s.req('tools/call', { name, arguments: args });
  const probe = async (what: string) => JSON.parse(text(await call('probe', { what })));
  return { ...s, load, names, call, probe };
}

describe('options', () => {
  it('options/list gives each option with its value; a false boolean option hides its tool_filter tools', async ({ cleanup }) => {
    const s = watchlist(cleanup);
    await s.load();
    const { options } = await s.req('options/list');
    expect(options[0]).toEqual({
      name: 'enable_admin_tools', type: 'boolean', label: 'Enable admin tools', description: 'Tools that change the whole list',
      default: false, options: null, group: 'tool_categories', toolFilter: ['admin-purge'], value: false,
    });
    expect(options[1]).toMatchObject({ name: 'currency', type: 'select', options: [{ label: 'US dollar', value: 'USD' }, { label: 'Euro', value: 'EUR' }], value: 'USD' });
    expect(options[2]).toMatchObject({ name: 'max_symbols', type: 'number', default: 20, value: 20 });
    expect(options[3]).toMatchObject({ name: 'note', type: 'text', default: null, group: 'misc' });
    expect(await s.names()).not.toContain('admin-purge');
    expect((await rejection(s.call('admin-purge'))).message).toBe('Unknown tool: admin-purge');
    expect(await s.req('options/get')).toEqual({ options: { enable_admin_tools: false, currency: 'USD', max_symbols: 20, note: null } });
  });

  it('options/set checks the value, saves options.json, shows the filtered tools and runs on_options_change', async ({ cleanup }) => {
    const s = watchlist(cleanup);
    await s.load();
    expect(await s.req('options/set', { name: 'enable_admin_tools', value: true })).toEqual({ ok: true });
    expect(await s.names()).toContain('admin-purge');
    expect(text(await s.call('admin-purge'))).toBe('purged');
    expect(JSON.parse(s.host.data.get('options.json')!)).toMatchObject({ enable_admin_tools: true });
    await waitFor(() => s.host.eventsOf('options_changed').length === 1, 3000, 'the on_options_change event');
    expect(s.host.eventsOf('options_changed')[0].data).toMatchObject({ enable_admin_tools: true, currency: 'USD' });
    expect(await s.probe('options')).toMatchObject({ enable_admin_tools: true });
    const refusals: [object, string][] = [
      [{ name: 'enable_admin_tools', value: 'yes' }, "Option 'enable_admin_tools' requires a boolean value"],
      [{ name: 'max_symbols', value: 'ten' }, "Option 'max_symbols' requires a numeric value"],
      [{ name: 'note', value: 3 }, "Option 'note' requires a string value"],
      [{ name: 'currency', value: 'JPY' }, "Option 'currency' must be one of: ['USD', 'EUR']"],
      [{ name: 'colour', value: 'red' }, 'Unknown option: colour'],
    ];
    for (const [params, message] of refusals) {
      const err = await rejection(s.req('options/set', params));
      expect([err.code, err.message]).toEqual([-32603, message]);
    }
    expect(await s.req('options/set', { name: 'currency', value: 'EUR' })).toEqual({ ok: true });
    expect(await s.req('options/reset')).toEqual({ ok: true });
    expect((await s.req('options/get')).options).toEqual({ enable_admin_tools: false, currency: 'USD', max_symbols: 20, note: null });
    expect(await s.names()).not.toContain('admin-purge');
    await waitFor(() => s.host.eventsOf('options_changed').length === 3, 3000, 'three on_options_change events');
  });

  it('skill/load restores saved options, keeping only those the skill still declares', async ({ cleanup }) => {
    const s = watchlist(cleanup);
    s.host.data.set('options.json', JSON.stringify({ enable_admin_tools: true, currency: 'EUR', gone: 1 }));
    await s.load();
    expect((await s.req('options/get')).options).toEqual({ enable_admin_tools: true, currency: 'EUR', max_symbols: 20, note: null });
    expect(await s.names()).toContain('admin-purge');
  });
});

describe('triggers', () => {
  const cross = { type: 'price_cross', name: 'BTC over 100k', conditions: [{ type: 'and', conditions: [{ type: 'keyword', field: 'symbol', keywords: ['btc'] }, { type: 'threshold', field: 'price', operator: 'gt', value: 100000 }] }] };

  it('triggers/types describes the declared types, and the SDK adds its six trigger tools', async ({ cleanup }) => {
    const s = watchlist(cleanup);
    expect(await s.req('triggers/types')).toEqual({
      triggerTypes: [{
        type: 'price_cross', label: 'Price cross', description: 'Fires when a reported price matches the conditions',
        conditionFields: [{ name: 'symbol', type: 'string', description: 'The symbol' }, { name: 'price', type: 'number', description: 'The reported price' }],
        configSchema: { type: 'object', properties: { cooldown_s: { type: 'number' } } },
      }],
    });
    expect(await s.names()).toEqual(expect.arrayContaining(['list-trigger-types', 'list-triggers', 'get-trigger', 'create-trigger', 'update-trigger', 'delete-trigger']));
  });

  it('create, list, get, update and delete; the hooks run; triggers.json is saved; a match fires triggers/fired', async ({ cleanup }) => {
    const s = watchlist(cleanup);
    await s.load();
    s.host.answers.set('triggers/fired', () => ({ ok: true }));
    const { trigger } = await s.req('triggers/create', cross);
    expect(trigger).toMatchObject({ type: 'price_cross', name: 'BTC over 100k', description: '', config: {}, enabled: true, metadata: {} });
    expect(trigger.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(trigger.createdAt).toMatch(/^\d{4}-\d\d-\d\dT.*\+00:00$/);
    expect(trigger.conditions[0].conditions[1]).toEqual({ type: 'threshold', field: 'price', operator: 'gt', value: 100000 });
    await waitFor(() => s.host.eventsOf('trigger_registered').length === 1, 3000, 'on_trigger_register');
    expect(JSON.parse(s.host.data.get('triggers.json')!)[0]).toMatchObject({ id: trigger.id, created_at: trigger.createdAt });
    expect((await s.req('triggers/list')).triggers.map((t: any) => t.id)).toEqual([trigger.id]);
    expect((await s.req('triggers/get', { id: trigger.id })).trigger.name).toBe('BTC over 100k');

    expect(JSON.parse(text(await s.call('price-tick', { symbol: 'BTC', price: 99000 })))).toEqual({ fired: [] });
    expect(JSON.parse(text(await s.call('price-tick', { symbol: 'BTC', price: 101000 })))).toEqual({ fired: ['BTC over 100k'] });
    await waitFor(() => s.host.callsOf('triggers/fired').length === 1, 3000, 'triggers/fired');
    expect(s.host.callsOf('triggers/fired')[0]).toMatchObject({
      triggerId: trigger.id, triggerName: 'BTC over 100k', triggerType: 'price_cross', matchedData: { symbol: 'BTC', price: 101000 }, context: { source: 'price-tick' },
    });

    const updated = (await s.req('triggers/update', { id: trigger.id, name: 'BTC high', enabled: false })).trigger;
    expect([updated.name, updated.enabled, updated.createdAt]).toEqual(['BTC high', false, trigger.createdAt]);
    expect(JSON.parse(text(await s.call('price-tick', { symbol: 'BTC', price: 101000 })))).toEqual({ fired: [] });
    expect(await s.req('triggers/delete', { id: trigger.id })).toEqual({ ok: true });
    await waitFor(() => s.host.eventsOf('trigger_removed').length === 1, 3000, 'on_trigger_remove');
    expect(s.host.eventsOf('trigger_removed')[0].data).toEqual({ id: trigger.id });
    expect((await s.req('triggers/list')).triggers).toEqual([]);
    expect((await rejection(s.req('triggers/get', { id: trigger.id }))).message).toBe(`Unknown trigger: ${trigger.id}`);
  });

  it('refuses what the original SDK refuses, with its messages', async ({ cleanup }) => {
    const s = watchlist(cleanup);
    const refused = async (params: object) => (await rejection(s.req('triggers/create', params))).message;
    expect(await refused({ name: 'x', conditions: [{ type: 'regex' }] })).toBe('Trigger type is required');
    expect(await refused({ type: 'price_cross', conditions: [{ type: 'regex' }] })).toBe('Trigger name is required');
    expect(await refused({ type: 'price_cross', name: 'x', conditions: [] })).toBe('At least one condition is required');
    expect(await refused({ type: 'volume', name: 'x', conditions: [{ type: 'regex' }] })).toBe("Unknown trigger type: volume. Valid: ['price_cross']");
    expect(await refused({ type: 'price_cross', name: 'x', conditions: [{ type: 'regex', field: 'symbol', pattern: '(' }] })).toMatch(/^Invalid regex pattern '\(': missing \), unterminated subpattern/);
    let deep: object = { type: 'keyword', field: 'symbol', keywords: ['a'] };
    for (let i = 0; i < 6; i++) deep = { type: 'not', conditions: [deep] };
    expect(await refused({ type: 'price_cross', name: 'x', conditions: [deep] })).toBe('Condition nesting depth exceeds maximum of 5');
    expect(await refused({ type: 'price_cross', name: 'x', conditions: [{ type: 'fuzzy' }] })).toMatch(/^condition 1 is not valid: TriggerCondition: field "type" must be one of regex, keyword, threshold, and, or, not/);
  });

  it('the create-trigger tool answers errors as tool errors, and saved triggers come back on load with the hook', async ({ cleanup }) => {
    const s = watchlist(cleanup);
    await s.load();
    const bad = await s.call('create-trigger', { type: 'price_cross', name: 'x', conditions: [] });
    expect([bad.isError, text(bad)]).toEqual([true, 'At least one condition is required']);
    const made = JSON.parse(text(await s.call('create-trigger', cross))).trigger;
    const second = watchlist(cleanup);
    second.host.data = s.host.data;
    await second.load();
    expect((await second.req('triggers/list')).triggers.map((t: any) => [t.id, t.name])).toEqual([[made.id, 'BTC over 100k']]);
    expect((await second.probe('seen')).registered).toEqual(['BTC over 100k']);
  });
});

describe('interop', () => {
  it('interop/listExposed, getData through the handler, callFunction through the hook or the handler', async ({ cleanup }) => {
    const s = watchlist(cleanup);
    await s.load();
    const exposed = await s.req('interop/listExposed');
    expect(exposed.data).toEqual([{ name: 'quotes', description: 'The latest quote', visibility: ['skills'], schema: { type: 'object' } }]);
    expect(exposed.functions[0]).toEqual({
      name: 'watch', description: 'Add a symbol', visibility: ['skills', 'frontend'],
      parameters: { type: 'object', properties: { symbol: { type: 'string' } } }, returns: { type: 'object' },
    });
    expect(exposed.functions[1]).toMatchObject({ name: 'echo', visibility: [], parameters: { type: 'object', properties: {} }, returns: {} });
    expect(await s.req('interop/callFunction', { callerSkillId: 'other', functionName: 'watch', arguments: { symbol: 'eth' } })).toEqual({ data: { watching: ['ETH'] } });
    expect(await s.req('interop/getData', { callerSkillId: 'other', dataName: 'quotes', params: { symbol: 'ETH' } })).toEqual({ data: { symbol: 'ETH', price: 100, symbols: ['ETH'] } });
    expect(await s.req('interop/callFunction', { callerSkillId: 'other', functionName: 'echo', arguments: { a: 1 } })).toEqual({ data: { caller: 'other', echo: { a: 1 } } });
    expect((await rejection(s.req('interop/getData', { dataName: 'nope' }))).message).toBe('Unknown data endpoint: nope');
    expect((await rejection(s.req('interop/callFunction', { functionName: 'nope' }))).message).toBe('Unknown function: nope');
  });

  it('ctx.skills sends skills/list|get|listData|listFunctions|requestData|callFunction with the original params', async ({ cleanup }) => {
    const s = watchlist(cleanup);
    await s.load();
    const h = s.host.answers;
    h.set('skills/list', () => ({ skills: [{ id: 'other', online: true }] }));
    h.set('skills/get', (p) => ({ skill: { id: p.skillId } }));
    h.set('skills/listData', (p) => ({ data: [{ skillId: p.skillId, name: 'quotes' }] }));
    h.set('skills/listFunctions', (p) => ({ functions: [{ all: !('skillId' in p) }] }));
    h.set('skills/requestData', (p) => ({ data: p }));
    h.set('skills/callFunction', (p) => ({ data: p }));
    expect(await s.probe('skills')).toEqual({
      list: [{ id: 'other', online: true }],
      get: { id: 'other' },
      data: [{ skillId: 'other', name: 'quotes' }],
      functions: [{ all: true }],
      request: { data: { skillId: 'other', dataName: 'quotes', params: { symbol: 'BTC' } } },
      call: { data: { skillId: 'other', functionName: 'convert', arguments: { amount: 2 } } },
    });
  });

  it('the five interop tools are listed on every skill, after its own, as the original SDK lists them, and call the host', async ({ cleanup }) => {
    const s = watchlist(cleanup);
    expect((await s.names()).slice(-5)).toEqual(SDK_TOOLS);
    s.host.answers.set('skills/callFunction', (p) => ({ data: { got: p.arguments } }));
    expect(JSON.parse(text(await s.call('call-skill-function', { skill_id: 'o', function_name: 'f', arguments: { x: 1 } })))).toEqual({ data: { got: { x: 1 } } });
    const missing = await s.call('request-skill-data', { skill_id: 'o' });
    expect([missing.isError, text(missing)]).toEqual([true, 'skill_id and data_name are required']);
  });
});

describe('status, lifecycle and the context', () => {
  it('skill/status carries on_status and what the skill declares; activate, deactivate and disconnect', async ({ cleanup }) => {
    const s = watchlist(cleanup);
    await s.load();
    const status = await s.req('skill/status');
    expect(status).toMatchObject({ name: 'watchlist', version: '2.1.0', hasDisconnect: true, status: { symbols: 0, options: { currency: 'USD' } } });
    expect(status.features).toEqual(expect.arrayContaining(['options', 'triggers', 'interop', 'entitySchema', 'disconnect', 'on_status', 'on_trigger_register']));
    expect(status.entitySchema.relationship_types).toEqual([
      { type: 'member_of', source_type: 'watchlist.symbol', target_type: 'watchlist.list', description: 'A symbol on a list', cardinality: 'many_to_one' },
    ]);
    expect(await s.req('skill/activate')).toEqual({ ok: true });
    expect(await s.req('skill/deactivate')).toEqual({ ok: true });
    expect(await s.req('skill/disconnect')).toEqual({ ok: true });
    expect(s.host.data.get('disconnected.txt')).toBe('yes');
  });

  it('skill/disconnect is refused, as the original refuses it, when the skill does not declare has_disconnect', async ({ cleanup }) => {
    const s = launch(cleanup, ['--skill-dir', path.join(FIXTURES, 'skilldef', 'bare')]);
    expect((await rejection(s.req('skill/disconnect'))).message).toBe('Skill does not support disconnect');
    expect(await s.req('options/list')).toEqual({ options: [] });
    expect(await s.req('triggers/types')).toEqual({ triggerTypes: [] });
    expect(await s.req('interop/listExposed')).toEqual({ data: [], functions: [] });
  });

  it('set_state and emit_event may be awaited or not; get_state is awaited; get_options is plain', async ({ cleanup }) => {
    const s = watchlist(cleanup);
    await s.load();
    expect(await s.probe('awaited')).toMatchObject({ awaited: true });
    expect(s.host.eventsOf('probe_awaited')).toHaveLength(1);
    // Not awaited: they still return something awaitable, and the calls arrive.
    expect(await s.probe('plain')).toEqual([true, true]);
    await waitFor(() => s.host.state.plain === true && s.host.eventsOf('probe_plain').length === 1, 3000, 'the plain calls');
    expect(text(await s.call('add-symbol', { symbol: 'sol' }))).toBe('added SOL');
    await waitFor(() => JSON.stringify(s.host.state.symbols) === '["SOL"]', 3000, 'set_state from a tool');
  });

  it('get_state() without await is the state as last known: read before on_load, plus its own set_state', async ({ cleanup }) => {
    const s = watchlist(cleanup);
    s.host.state = { symbols: ['ETH'], theme: 'dark' };
    await s.load();
    s.host.state.theme = 'light'; // changed on the host behind the skill's back: only an await sees it
    expect(await s.probe('sync-state')).toEqual({ symbols: ['ETH'], theme: 'dark', touched: true });
    expect(await s.probe('awaited')).toMatchObject({ theme: 'light', touched: true, awaited: true });
  });

  it('intelligence/summarize, entities/upsertRelationship and entities/getRelationships go to the host', async ({ cleanup }) => {
    const s = watchlist(cleanup);
    await s.load();
    s.host.answers.set('intelligence/summarize', (p) => ({ summaries: [`${p.messages.length} message(s)`], currentUser: p.currentUser }));
    s.host.answers.set('entities/upsertRelationship', () => ({ ok: true }));
    s.host.answers.set('entities/getRelationships', (p) => ({ results: [{ sourceId: p.entityId, type: p.type, direction: p.direction }] }));
    expect(await s.probe('summarize')).toEqual({ summaries: ['1 message(s)'], currentUser: null });
    expect(await s.probe('relationships')).toEqual([{ sourceId: 'a', type: 'follows', direction: 'outgoing' }]);
    expect(s.host.callsOf('entities/upsertRelationship')).toEqual([{ sourceId: 'a', targetId: 'b', type: 'follows', source: 'watchlist' }]);
  });
});
