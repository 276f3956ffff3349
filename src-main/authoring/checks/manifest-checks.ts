/**
 * manifest.json, field by field, for the two JSON-RPC protocols. The protocol readers are liberal on
 * purpose (a skill with a sloppy manifest still runs); these checks say what a reviewer would.
 *  - Subprocess JSON-RPC: `runtime: {type: "subprocess", command, args, env}`, plus name, description,
 *    version and tick_interval; SKILL.md is part of the documented layout.
 *  - SkillDefinition: `id, name, version, description, runtime: "python", entry, tick_interval, env[],
 *    dependencies[], setup{required, label}` (all optional: skill.py alone is a skill).
 */
import fs from 'node:fs';
import path from 'node:path';
import { onPath, resolveCommand } from '../../protocols/command';
import { readSkillMd, readSubprocessManifest } from '../../protocols/jsonrpc';
import { readSkillDefManifest } from '../../protocols/skilldef';
import { Findings, jsonKeyLine, lineAt, shown } from './findings';
import { isObject, nonBlank } from '../../common/values';

const MANIFEST = 'manifest.json';
const MIN_TICK_MS = 1000;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Keys inside a subprocess manifest's runtime object, named with their parent in findings. */
const RUNTIME_KEYS = new Set(['command', 'args', 'env']);
/** The keys the real skills' manifests use (entity_schema: the entity types and relationships the skill writes). */
const SKILLDEF_KEYS = new Set(['id', 'name', 'version', 'description', 'runtime', 'entry', 'tick_interval', 'env', 'dependencies', 'setup', 'entity_schema']);

export interface ManifestText {
  raw: Record<string, unknown>;
  text: string;
}

/** manifest.json as an object, null when there is none; a file that is not a JSON object is an error. */
export function readManifest(dir: string, f: Findings): ManifestText | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, MANIFEST), 'utf8');
  } catch {
    return null;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    const msg = (err as Error).message;
    const pos = /position (\d+)/.exec(msg);
    const line = /line (\d+)/.exec(msg)?.[1];
    f.error('MANIFEST_NOT_JSON', `${MANIFEST} is not valid JSON: ${msg}.`, 'Fix the JSON (a missing comma or quote, or a trailing comma, is the usual cause).', {
      file: MANIFEST,
      line: line ? Number(line) : pos ? lineAt(text, Number(pos[1])) : undefined,
    });
    return null;
  }
  if (!isObject(raw)) {
    f.error('MANIFEST_NOT_JSON', `${MANIFEST} must hold a JSON object, not ${shown(raw)}.`, 'Make the file one object: {"name": ..., "runtime": ...}.', { file: MANIFEST });
    return null;
  }
  return { raw, text };
}

export function checkSubprocessManifest(dir: string, f: Findings): void {
  const m = readManifest(dir, f);
  if (!m) {
    if (!f.has('MANIFEST_NOT_JSON')) f.error('MANIFEST_MISSING', `There is no ${MANIFEST}.`, `Add ${MANIFEST} with "runtime": {"type": "subprocess", "command": "python3", "args": ["skill.py"]}.`);
    return;
  }
  const { raw, text } = m;
  const at = (key: string) => ({ file: MANIFEST, line: jsonKeyLine(text, key), field: RUNTIME_KEYS.has(key) ? `runtime.${key}` : key });
  const runtime = raw.runtime;
  if (!isObject(runtime)) {
    f.error('MANIFEST_FIELD', `${MANIFEST} has no "runtime" object.`, 'Add "runtime": {"type": "subprocess", "command": "python3", "args": ["skill.py"]}.', at('runtime'));
    return;
  }
  stringFields(raw, ['name', 'description', 'version'], f, text);
  const command = runtime.command;
  if (command === undefined) {
    f.warning('MANIFEST_FIELD', 'runtime.command is missing, so "python3" is assumed.', 'Say which program runs the skill: "command": "python3".', at('runtime'));
  } else if (typeof command !== 'string' || !command.trim()) {
    f.error('MANIFEST_FIELD', `runtime.command must be the name of a program, not ${shown(command)}.`, 'Set "command": "python3" (or node, or a path to an executable).', at('command'));
  } else if (!onPath(resolveCommand(command)) && !fs.existsSync(path.resolve(dir, command))) {
    f.error('COMMAND_NOT_FOUND', `runtime.command "${command}" is not on this machine's PATH.`, 'Install it, or change "command" to a program that exists (python3, node, …).', at('command'));
  }
  const args = runtime.args;
  if (args === undefined) {
    f.warning('MANIFEST_FIELD', 'runtime.args is missing, so ["skill.py"] is assumed.', 'List the arguments: "args": ["skill.py"].', at('runtime'));
  } else if (!Array.isArray(args) || args.some((a) => typeof a !== 'string')) {
    f.error('MANIFEST_FIELD', `runtime.args must be a list of strings, not ${shown(args)}.`, 'Write it as "args": ["skill.py"].', at('args'));
  }
  if (runtime.env !== undefined && (!isObject(runtime.env) || Object.values(runtime.env).some((v) => typeof v !== 'string'))) {
    f.error('MANIFEST_FIELD', 'runtime.env must map variable names to string values.', 'Write it as "env": {"LOG_LEVEL": "info"}; keep secrets out of it.', at('env'));
  }
  const parsed = readSubprocessManifest(dir);
  const script = parsed?.args.find((a) => /\.(py|js|mjs|cjs|ts|rb|sh)$/.test(a));
  if (script && !fs.existsSync(path.resolve(dir, script))) {
    f.error('ENTRY_NOT_FOUND', `The script "${script}" named in runtime.args does not exist.`, `Create ${script}, or fix runtime.args in ${MANIFEST}.`, at('args'));
  }
  checkTickInterval(raw.tick_interval, f, at('tick_interval'));
  if (!fs.existsSync(path.join(dir, 'SKILL.md'))) {
    f.warning('NO_SKILL_MD', 'There is no SKILL.md.', 'Add SKILL.md with front matter (name, description) and a word on each tool: the protocol lists it as required.');
  }
  if (!nonBlank(raw.description) && !readSkillMd(dir).description) {
    f.warning('MISSING_DESCRIPTION', 'The skill has no description (neither in manifest.json nor in SKILL.md).', 'Add "description" to manifest.json: agents choose skills by it.', { file: MANIFEST });
  }
}

/** Returns whether the manifest asks for a setup wizard. */
export function checkSkillDefManifest(dir: string, f: Findings): { setupRequired: boolean } {
  const m = readManifest(dir, f);
  const entry = readSkillDefManifest(dir)?.entry ?? (typeof m?.raw.entry === 'string' ? m.raw.entry : 'skill.py');
  checkEntryFile(dir, entry, f, m?.text);
  if (!m) {
    if (!f.has('MANIFEST_NOT_JSON')) {
      f.info('NO_MANIFEST', `No ${MANIFEST}: the name, version and description come from skill.py.`, `Add ${MANIFEST} (id, name, version, description, runtime "python", entry) so hosts can list the skill without running it.`);
    }
    return { setupRequired: false };
  }
  const { raw, text } = m;
  const at = (key: string) => ({ file: MANIFEST, line: jsonKeyLine(text, key), field: RUNTIME_KEYS.has(key) ? `runtime.${key}` : key });
  stringFields(raw, ['id', 'name', 'version', 'description', 'entry'], f, text);
  for (const key of ['id', 'name', 'version']) {
    if (raw[key] === undefined) f.warning('MANIFEST_FIELD', `${MANIFEST} has no "${key}".`, `Add "${key}": hosts show and key the skill by it.`, { file: MANIFEST });
  }
  if (raw.description === undefined) {
    f.warning('MISSING_DESCRIPTION', `${MANIFEST} has no "description".`, 'Add one sentence on what the skill does: agents choose skills by it.', { file: MANIFEST });
  }
  if (typeof raw.id === 'string' && !/^[a-z0-9][a-z0-9_-]*$/.test(raw.id)) {
    f.warning('MANIFEST_FIELD', `"id" is "${raw.id}"; ids are lower-case letters, digits, "-" and "_".`, 'Use the folder name, e.g. "price-alerts".', at('id'));
  } else if (typeof raw.id === 'string' && raw.id.includes('_')) {
    // The SDK's validator accepts it; the real host does not (it names tools "<id>__<tool>").
    f.info('ID_UNDERSCORE', `"id" is "${raw.id}": the real host refuses ids with "_", since it names tools "<id>__<tool>".`, `Use "-" instead: "${raw.id.replace(/_/g, '-')}".`, at('id'));
  }
  if (raw.runtime === undefined) f.warning('MANIFEST_FIELD', `${MANIFEST} has no "runtime".`, 'Add "runtime": "python".', { file: MANIFEST });
  else if (raw.runtime !== 'python') {
    f.error('MANIFEST_FIELD', `"runtime" is ${shown(raw.runtime)}; a SkillDefinition skill's runtime is "python".`, 'Set "runtime": "python" (a subprocess skill uses "runtime": {"type": "subprocess", ...} instead).', at('runtime'));
  }
  checkTickInterval(raw.tick_interval, f, at('tick_interval'));
  for (const key of ['env', 'dependencies'] as const) {
    const v = raw[key];
    if (v === undefined) continue;
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
      f.error('MANIFEST_FIELD', `"${key}" must be a list of strings, not ${shown(v)}.`, key === 'env' ? 'List variable names: "env": ["API_BASE_URL"].' : 'List requirements: "dependencies": ["httpx>=0.27"].', at(key));
    } else if (key === 'env') {
      for (const name of v as string[]) {
        if (!ENV_NAME.test(name)) f.error('MANIFEST_FIELD', `"env" lists "${name}", which is not a variable name.`, 'Use letters, digits and "_", not starting with a digit.', at('env'));
      }
    }
  }
  let setupRequired = false;
  if (raw.setup !== undefined) {
    const s = raw.setup;
    if (!isObject(s)) {
      f.error('MANIFEST_FIELD', `"setup" must be an object like {"required": true, "label": "..."}, not ${shown(s)}.`, 'Write it as "setup": {"required": true, "label": "Connect your account"}.', at('setup'));
    } else {
      if (s.required !== undefined && typeof s.required !== 'boolean') {
        f.error('MANIFEST_FIELD', `setup.required must be true or false, not ${shown(s.required)}.`, 'Use a JSON boolean, without quotes.', at('required'));
      }
      if (s.label !== undefined && typeof s.label !== 'string') f.error('MANIFEST_FIELD', `setup.label must be text, not ${shown(s.label)}.`, 'Use a short phrase like "Connect your account".', at('label'));
      setupRequired = s.required === true;
      if (setupRequired && !nonBlank(s.label)) f.warning('MANIFEST_FIELD', 'setup.required is true but there is no setup.label.', 'Add "label": the button text users see, e.g. "Connect your account".', at('setup'));
    }
  }
  for (const key of Object.keys(raw)) {
    if (!SKILLDEF_KEYS.has(key)) f.info('MANIFEST_UNKNOWN_KEY', `"${key}" in ${MANIFEST} is not a key the runtime reads.`, 'Remove it, or keep it if another tool reads it.', at(key));
  }
  return { setupRequired };
}

/** The entry exists, stays inside the skill, is Python, defines `skill`, and asks for no tick under a second. */
function checkEntryFile(dir: string, entry: string, f: Findings, manifestText?: string): void {
  const where = { file: MANIFEST, line: jsonKeyLine(manifestText, 'entry'), field: 'entry' };
  const abs = path.resolve(dir, entry);
  if (path.relative(dir, abs).startsWith('..')) {
    f.error('ENTRY_OUTSIDE', `The entry "${entry}" is outside the skill's folder.`, 'Keep the entry file inside the skill folder.', where);
    return;
  }
  let src: string;
  try {
    src = fs.readFileSync(abs, 'utf8');
  } catch {
    f.error('ENTRY_NOT_FOUND', `The entry file "${entry}" does not exist.`, manifestText ? `Create ${entry}, or fix "entry" in ${MANIFEST}.` : `Create ${entry}: it exports \`skill = SkillDefinition(...)\`.`, manifestText ? where : {});
    return;
  }
  if (!entry.endsWith('.py')) f.warning('MANIFEST_FIELD', `The entry "${entry}" is not a .py file.`, 'A SkillDefinition entry is a Python module, e.g. "skill.py".', where);
  // A package's __main__.py starts the server; its `skill` lives in skill.py beside it, where the SDK's
  // validator looks (the real skills import it inside main(), or not at all).
  const beside = path.basename(entry) === '__main__.py' ? readText(path.join(path.dirname(abs), 'skill.py')) : null;
  const [file, text] = beside !== null ? [path.join(path.dirname(entry), 'skill.py'), beside] : [entry, src];
  if (!definesSkill(text)) {
    f.warning('NO_SKILL_EXPORT', `${file} does not seem to define \`skill\` at the top level.`, 'End the file with `skill = SkillDefinition(name=..., description=..., tools=[...])`.', { file });
  }
  for (const tick of src.matchAll(/\btick_interval\s*=\s*([0-9_]+)/g)) {
    if (Number(tick[1].replace(/_/g, '')) >= MIN_TICK_MS) continue;
    f.error('TICK_INTERVAL_TOO_SHORT', `${entry} sets tick_interval to ${tick[1]} ms; the minimum is ${MIN_TICK_MS} ms.`, 'Use 1000 or more (60_000 is typical): the SDK refuses shorter intervals.', {
      file: entry,
      line: lineAt(src, tick.index),
    });
  }
}

/** `skill = …` at the top level, or `skill` imported (a package entry may import it inside a function). */
function definesSkill(src: string): boolean {
  return /^skill\s*(:[^=\n]*)?=/m.test(src) || /^\s*from\s+\S+\s+import\s+.*\bskill\b/m.test(src);
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function checkTickInterval(v: unknown, f: Findings, where: { file: string; line?: number }): void {
  if (v === undefined || v === null) return;
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    f.error('MANIFEST_FIELD', `tick_interval must be a whole number of milliseconds, not ${shown(v)}.`, 'Write e.g. "tick_interval": 60000 (one minute).', where);
  } else if (v < MIN_TICK_MS) {
    f.error('TICK_INTERVAL_TOO_SHORT', `tick_interval is ${v} ms; the minimum is ${MIN_TICK_MS} ms.`, 'Use 1000 or more (60000, one minute, is typical for background checks).', where);
  }
}

function stringFields(raw: Record<string, unknown>, keys: string[], f: Findings, text: string): void {
  for (const key of keys) {
    const v = raw[key];
    if (v !== undefined && (typeof v !== 'string' || !v.trim())) {
      f.error('MANIFEST_FIELD', `"${key}" in ${MANIFEST} must be non-empty text, not ${shown(v)}.`, `Give "${key}" a string value.`, { file: MANIFEST, line: jsonKeyLine(text, key), field: key });
    }
  }
}

