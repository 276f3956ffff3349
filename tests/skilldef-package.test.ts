/**
 * Real skill packages on the bundled SDK: `skills/<id>/__main__.py` with relative imports loads as a package
 * wherever it sits (copied out alone, in a folder whose name is no identifier), the inspector says so, and a
 * package the interpreter lacks (pydantic, the MCP SDK beyond mcp.types) is named in one line with how to point
 * the workbench at an interpreter that has it; a `.venv` in the skill's repository is then used by itself.
 * Where the interpreter has no `mcp`, the launcher's stand-in gives the data classes of `mcp.types` (a real `mcp`
 * anywhere on the path wins), and the header and inspect say so; `mcp.server` is not faked.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { launchMode, skillVenv } from '../src-main/protocols/skilldef/locate';
import { systemPython } from '../src-main/host/paths';
import { Workbench } from '../src-main/workbench/workbench';
import { Findings } from '../src-main/authoring/checks/findings';
import { checkDependencies } from '../src-main/authoring/checks/dependencies';
import { FIXTURES, ROOT, waitFor } from './helpers';
import { launch, loadFailure, text } from './python-sdk-host';

const CURRENT = path.join(FIXTURES, 'skilldef-current');
const MCP_SKILLS = path.join(FIXTURES, 'skilldef-mcp');
const STAND_INS = path.join(FIXTURES, 'stand-ins');
/** A real-looking installed MCP SDK (tests only): found before the stand-in wherever it is on the path. */
const INSTALLED = path.join(MCP_SKILLS, 'installed');
const FALLBACK_MCP = fs.realpathSync(path.join(ROOT, 'resources', 'python', 'fallback', 'mcp'));

const pkg = (name: string, dir = path.join(CURRENT, name)) => ['--skill-dir', dir, '--entry', '__main__.py', '--package', `skills.${name.replace(/-/g, '_')}`];

/** A repository like the newest snapshot of the real one: `.git`, and the skill under a folder that is no identifier. */
function repoWithWatchlist(cleanup: Cleanup): { repo: string; skill: string } {
  const repo = cleanup.tempDir('skillbench-repo-');
  fs.mkdirSync(path.join(repo, '.git'));
  const skill = path.join(repo, 'skills-py', 'watch-list');
  fs.cpSync(path.join(CURRENT, 'watchlist'), skill, { recursive: true });
  return { repo, skill };
}

/** A virtual environment without pip (standard library only), and its site-packages folder. */
function makeVenv(dir: string): { python: string; site: string } {
  execFileSync(systemPython(), ['-m', 'venv', '--without-pip', path.join(dir, '.venv')]);
  const python = path.join(dir, '.venv', 'bin', 'python');
  const site = execFileSync(python, ['-c', 'import sysconfig; print(sysconfig.get_paths()["purelib"])'], { encoding: 'utf8' }).trim();
  return { python, site };
}

describe('package-shaped skills on the bundled SDK', () => {
  it('loads __main__.py as a package, so its relative imports work, and says so', async ({ cleanup }) => {
    const s = launch(cleanup, pkg('watchlist'), { PYTHONPATH: STAND_INS });
    const { tools } = await s.req('tools/list');
    expect(tools.map((t: any) => t.name)).toContain('add-symbol');
    await waitFor(() => s.stderr().includes('loaded as package skills.watchlist'), 3000, 'the package line');
  });

  it('loads a copy that sits alone, in a folder whose name is not an identifier', async ({ cleanup }) => {
    const { skill } = repoWithWatchlist(cleanup);
    const s = launch(cleanup, pkg('watch-list', skill), { PYTHONPATH: STAND_INS });
    await s.req('skill/load', { manifest: {}, dataDir: cleanup.tempDir() });
    expect(text(await s.req('tools/call', { name: 'add-symbol', arguments: { symbol: 'ada' } }))).toBe('added ADA');
    expect(s.stderr()).toContain(`loaded as package skills.watch_list (from ${skill})`);
  });

  it('the workbench finds the package, its repository and its interpreter', ({ cleanup }) => {
    const { repo, skill } = repoWithWatchlist(cleanup);
    expect(launchMode(skill)).toEqual({ kind: 'bundled-package', module: 'skills.watch_list' });
    expect(launchMode(path.join(FIXTURES, 'skilldef', 'full'))).toEqual({ kind: 'bundled-sdk' });
    expect(skillVenv(skill)).toBeNull();
    fs.mkdirSync(path.join(repo, '.venv', 'bin'), { recursive: true });
    fs.writeFileSync(path.join(repo, '.venv', 'bin', 'python'), '');
    expect(skillVenv(skill)).toBe(path.join(repo, '.venv', 'bin', 'python'));
    fs.mkdirSync(path.join(skill, '.venv', 'bin'), { recursive: true });
    fs.writeFileSync(path.join(skill, '.venv', 'bin', 'python'), '');
    expect(skillVenv(skill)).toBe(path.join(skill, '.venv', 'bin', 'python'));
  });
});

describe('a package the interpreter lacks', () => {
  // `-S` leaves site-packages out, so these packages are missing whatever this machine has installed.
  const lastLine = (out: string) => out.trim().split('\n').pop()!;

  it('mcp.server: not faked; one line names the mcp package, with the manifest requirement, where it was imported, and SKILLBENCH_PYTHON or a .venv', async ({ cleanup }) => {
    const dir = path.join(MCP_SKILLS, 'serves-mcp');
    const s = launch(cleanup, ['--skill-dir', dir], {}, ['-S']);
    const out = await loadFailure(s, /needs the Python package/);
    const line = lastLine(out);
    expect(line).toContain('skillbench: the skill needs the Python package "mcp" (mcp>=1.0.0, as the skill\'s files ask)');
    expect(line).toContain(`(imported at ${path.join(dir, 'skill.py')}, line 4; the workbench's stand-in gives only the data classes of mcp.types, and the skill imports mcp.server)`);
    expect(line).toContain('set SKILLBENCH_PYTHON=/path/to/python, or create a virtual environment named .venv in the skill\'s folder or in its repository\'s folder');
    expect(out).not.toContain('Traceback');
  });

  it('mcp.server imported late, in on_load: the skill loads its tools, and on_load fails with the same one line', async ({ cleanup }) => {
    const dir = path.join(MCP_SKILLS, 'serves-mcp-later');
    const s = launch(cleanup, ['--skill-dir', dir], {}, ['-S']);
    expect((await s.req('tools/list')).tools[0].name).toBe('hello');
    const failed = await s.req('skill/load', { manifest: {}, dataDir: cleanup.tempDir() }).then(() => null, (e: Error) => e);
    expect(failed?.message).toMatch(/^the skill needs the Python package "mcp" \(mcp>=1\.0\.0, as the skill's files ask\), which this interpreter, .* does not have/);
    expect(failed?.message).toContain(`(imported at ${path.join(dir, 'server.py')}, line 2; the workbench's stand-in gives only the data classes of mcp.types, and the skill imports mcp.server)`);
  });

  it('pydantic: the same', async ({ cleanup }) => {
    const s = launch(cleanup, pkg('uses-pydantic'), {}, ['-S']);
    const line = lastLine(await loadFailure(s, /needs the Python package/));
    expect(line).toContain('needs the Python package "pydantic" (pydantic>=2.0, as the skill\'s files ask)');
    expect(line).toContain(`store.py, line 3)`);
    expect(s.stderr()).not.toContain('Traceback');
  });

  it('a stand-in package without the module asked for is named too', async ({ cleanup }) => {
    const stub = cleanup.tempDir();
    fs.mkdirSync(path.join(stub, 'mcp'));
    fs.writeFileSync(path.join(stub, 'mcp', '__init__.py'), '');
    const line = lastLine(await loadFailure(launch(cleanup, pkg('watchlist'), { PYTHONPATH: stub }), /needs its module/));
    expect(line).toMatch(/the skill needs its module mcp\.types, which the mcp package in this interpreter, .* does not provide/);
  });

  it('in the workbench: with the repository\'s .venv, which has no mcp, it loads on the stand-in and says so; an mcp installed there wins', async ({ cleanup }) => {
    const { repo, skill } = repoWithWatchlist(cleanup);
    const venv = makeVenv(repo);
    const home = cleanup.tempDir();
    const wb = new Workbench({ home, kind: 'browser', folders: [skill], namedFolders: true });
    cleanup.add(wb);
    const info = await wb.inspectSkill('watch-list');
    expect(info.tools.map((t) => t.name)).toContain('add-symbol');
    const notes = info.notes.join('\n');
    expect(notes).toContain('loaded as package skills.watch_list');
    expect(notes).toContain(`Python: ${venv.python} (the skill's virtual environment)`);
    // Second, so the header shows it without "more notes".
    expect(info.notes[1]).toContain(`mcp.types is the workbench's stand-in (${FALLBACK_MCP}): this interpreter has no MCP Python SDK`);
    // Install a real-looking mcp into that virtual environment, as a user would install the real one.
    fs.cpSync(path.join(INSTALLED, 'mcp'), path.join(venv.site, 'mcp'), { recursive: true });
    await wb.restartSkill('watch-list');
    const again = await wb.inspectSkill('watch-list');
    expect(again.tools.map((t) => t.name)).toContain('add-symbol');
    expect(again.notes.join('\n')).not.toContain('stand-in');
  });
});

describe('mcp.types where the MCP SDK is absent', () => {
  it('the dependency check says the stand-in covers a skill that uses only mcp.types, and still warns for one that uses mcp.server', async () => {
    const codes = async (name: string) => {
      const f = new Findings();
      await checkDependencies(path.join(MCP_SKILLS, name), f);
      return f.list.filter((x) => x.message.includes('"mcp>=')).map((x) => x.code);
    };
    // This machine's Python has no mcp package (the other tests here rely on it too).
    expect(await codes('which-mcp')).toEqual(['DEPENDENCY_STAND_IN']);
    expect(await codes('serves-mcp-later')).toEqual(['DEPENDENCY_MISSING']);
  });

  const which = (cleanup: Cleanup, env: Record<string, string> = {}, pythonArgs: string[] = []) => {
    const s = launch(cleanup, ['--skill-dir', path.join(MCP_SKILLS, 'which-mcp')], env, pythonArgs);
    return { s, call: async (name: string, args = {}) => JSON.parse(text(await s.req('tools/call', { name, arguments: args }))) };
  };

  it('without one (-S: no site-packages), the stand-in gives Tool, TextContent, ImageContent and EmbeddedResource as skills use them, and says so on stderr', async ({ cleanup }) => {
    const { s, call } = which(cleanup, {}, ['-S']);
    const { tools } = await s.req('tools/list');
    // Tool definitions by keyword, read back by attribute: their names, descriptions and schemas arrive whole.
    expect(tools.slice(0, 2)).toEqual([
      { name: 'which', description: 'Which mcp package the skill imported', inputSchema: { type: 'object', properties: {}, required: null } },
      { name: 'contents', description: 'Content blocks built from mcp.types, dumped', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
    ]);
    expect(await call('which')).toEqual({ file: path.join(FALLBACK_MCP, '__init__.py'), stand_in: true });
    expect(await call('contents', { text: 'hi' })).toEqual([
      { type: 'text', text: 'hi' },
      { type: 'image', data: 'aGk=', mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'file:///notes.txt', text: 'a note' } },
    ]);
    expect(s.stderr()).toContain(`skillbench: mcp.types is the workbench's stand-in (${FALLBACK_MCP}): this interpreter has no mcp package`);
  });

  it('an mcp found earlier on the path (PYTHONPATH, site-packages) is used instead, and nothing is said; its mcp.server imports', async ({ cleanup }) => {
    const { s, call } = which(cleanup, { PYTHONPATH: INSTALLED });
    expect(await call('which')).toEqual({ file: path.join(INSTALLED, 'mcp', '__init__.py'), stand_in: false });
    expect(s.stderr()).not.toContain('stand-in');
    const serves = launch(cleanup, ['--skill-dir', path.join(MCP_SKILLS, 'serves-mcp')], { PYTHONPATH: INSTALLED });
    expect((await serves.req('tools/list')).tools[0].name).toBe('hello');
  });

  it('the stand-in validates as the real models do: keywords only, required fields, literal types, extra keys kept', () => {
    const probe = [
      'import json, sys',
      `sys.path.append(${JSON.stringify(path.dirname(FALLBACK_MCP))})`,
      'from mcp.types import Tool, TextContent, CallToolResult',
      'out = {}',
      'for name, make in [("positional", lambda: Tool("x")), ("no schema", lambda: Tool(name="x")),',
      '                   ("wrong type", lambda: TextContent(type="image", text="x"))]:',
      '    try:',
      '        make(); out[name] = "built"',
      '    except (TypeError, ValueError) as err:',
      '        out[name] = type(err).__name__ + ("" if isinstance(err, TypeError) else ": " + str(err).splitlines()[1])',
      't = Tool(name="x", inputSchema={"type": "object"}, annotations={"readOnlyHint": True}, _meta={"k": 1}, custom=2)',
      'out["tool"] = t.model_dump(exclude_none=True, by_alias=True)',
      'out["annotations"] = type(t.annotations).__name__',
      'out["result"] = [type(c).__name__ for c in CallToolResult(content=[{"type": "text", "text": "a"}]).content]',
      'print(json.dumps(out))',
    ].join('\n');
    const run = execFileSync(systemPython(), ['-S', '-c', probe], { encoding: 'utf8', env: { ...process.env, PYTHONPATH: '' } });
    expect(JSON.parse(run)).toEqual({
      positional: 'TypeError',
      'no schema': 'ValidationError: inputSchema',
      'wrong type': 'ValidationError: type',
      tool: { name: 'x', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true }, _meta: { k: 1 }, custom: 2 },
      annotations: 'ToolAnnotations',
      result: ['TextContent'],
    });
  });
});
