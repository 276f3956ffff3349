/**
 * `skillbench doctor`: a skill reviewed the way a careful reviewer would, mostly without running it.
 * Static checks first (manifest or agent.yaml or the namel3ss app, entries, Python syntax, setup fields,
 * committed secrets), using the protocol readers themselves so the doctor and the workbench never
 * disagree about what a file means. Then one live start, where the protocol keeps a process, to list
 * the tools and look at the first setup step; then the checks every protocol's tools share.
 *
 * A folder the workbench does not recognise as a skill, but that looks like one gone wrong (a manifest
 * whose entry is missing, an agent.yaml that does not parse), is still examined: saying why it is not
 * found is the most useful thing the doctor can do for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AgentSkillValidation, DoctorReport as ContractReport, Protocol, SkillRef, ToolInfo } from '../contract';
import { PROTOCOL_LABELS } from '../contract';
import { SkillError } from '../common/errors';
import { defaultHome } from '../host/paths';
import { resolveSkill } from '../protocols/discover';
import { makeRef, readJson } from '../protocols/refs';
import { skillVenv } from '../protocols/skilldef';
import { NOT_RUN, readQuickJsTools } from '../protocols/quickjs';
import { checkActionSkill } from './checks/action-checks';
import { checkAgentSkill } from './checks/agent-skill-checks';
import { checkDependencies } from './checks/dependencies';
import { checkEnvReads, type EnvGiven } from './checks/env-reads';
import { declaredEnv } from './checks/declared-env';
import { Findings, type Severity } from './checks/findings';
import { liveCheck } from './checks/live-check';
import { checkSkillDefManifest, checkSubprocessManifest } from './checks/manifest-checks';
import { checkNamel3ssApp } from './checks/namel3ss-checks';
import { scanSecrets } from './checks/secret-scan';
import { folderSnapshot, reportSelfWrites } from './checks/self-writes';
import { checkSetupSource } from './checks/setup-checks';
import { checkTools } from './checks/tool-checks';
import { pythonSyntaxErrors } from '../runtime/python-syntax';
import { relPath, skillFiles } from '../runtime/skill-files';
import { hostEnv } from '../host/host-env';
import { cliCommand } from '../host/cli-command';

export type { Finding, Severity } from '../contract';

/** The doctor's report; an Agent Skill's also carries the reference validator's own verdict, what each agent would do and OpenHuman's skill.toml. */
export type DoctorReport = ContractReport & { agentSkill?: Omit<AgentSkillValidation, 'findings'> };

export interface DoctorOptions {
  /** Picks one skill where the path holds several. */
  skill?: string;
  protocol?: Protocol;
  /** Start the skill to list its tools (default true). */
  live?: boolean;
  /** How long the live start may take (ms). */
  timeoutMs?: number;
  /** The workbench home the live start logs into (default SKILLBENCH_HOME or the user-data folder). */
  home?: string;
  /** The user's home folder, whose skills folders (~/.claude/skills, ~/.agents/skills, …) an Agent Skill may collide with (default: none). */
  userHome?: string;
  /** What the skill's settings give its environment (names only), for the check of the variables it reads. */
  settingsEnv?: (ref: SkillRef) => Omit<EnvGiven, 'listed'>;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_PY_FILES = 400;
const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export async function runDoctor(target: string, opts: DoctorOptions = {}): Promise<DoctorReport> {
  const { ref, detected } = locate(target, opts);
  const f = new Findings();
  const dir = ref.dir;
  if (!detected) {
    f.error('NOT_DETECTED', `The workbench does not find a ${PROTOCOL_LABELS[ref.protocol]} skill here as the files stand; the findings below say why.`, `Fix the errors below; "${cliCommand('list', ref.dir)}" shows the skill once it is found.`);
  }

  let staticTools: ToolInfo[] | null = null;
  let agentSkill: DoctorReport['agentSkill'];
  switch (ref.protocol) {
    case 'jsonrpc':
      checkSubprocessManifest(dir, f);
      break;
    case 'skilldef': {
      checkSkillDefManifest(dir, f);
      // A skill that inherits the environment also gets the workbench's PYTHONPATH, where packages may be.
      const inherit = opts.settingsEnv?.(ref).inherit === true && hostEnv().PYTHONPATH;
      const paths = inherit ? inherit.split(path.delimiter).filter(Boolean) : [];
      await checkDependencies(dir, f, { live: opts.live !== false, paths });
      break;
    }
    case 'namel3ss':
      staticTools = checkNamel3ssApp(dir, f, ref.entry?.endsWith('.ai') ? path.relative(dir, ref.entry) : undefined).tools;
      break;
    case 'action':
      staticTools = (await checkActionSkill(ref, f)).tools;
      break;
    case 'quickjs':
      staticTools = readQuickJsTools(dir).tools;
      break;
    case 'agent-skill':
      ({ tools: staticTools, agentSkill } = await checkAgentSkill(ref, f, { home: opts.userHome }));
      break;
  }

  const py = skillFiles(dir).filter((x) => x.rel.endsWith('.py')).slice(0, MAX_PY_FILES);
  // The skill's own interpreter only when the user asked for a live check; static checks run none of its files.
  for (const p of await pythonSyntaxErrors(py.map((x) => x.abs), { python: opts.live === false ? undefined : (skillVenv(dir) ?? undefined) })) {
    const rel = relPath(dir, p.file);
    f.error('PYTHON_SYNTAX', `Syntax error in ${rel} line ${p.line}: ${p.message}${p.text ? `\n    ${p.text.trim()}` : ''}`, 'Fix the line: Python refuses to load the file until then.', { file: rel, line: p.line });
  }
  if (ref.protocol === 'skilldef') checkSetupSource(py, f);
  checkEnvReads(py, { listed: declaredEnv(ref), ...(opts.settingsEnv?.(ref) ?? { own: [], inherit: false }) }, f);

  for (const hit of scanSecrets(dir)) {
    f.error('COMMITTED_SECRET', `${hit.file} line ${hit.line} holds what looks like ${hit.kind} (${hit.hint}).`, 'Take it out of the folder and revoke it (anyone with a copy has it). Give secrets to the skill through its setup wizard (a password field) or as a secret environment variable in the workbench\'s skill settings.', {
      file: hit.file,
      line: hit.line,
    });
  }

  let liveTools: ToolInfo[] | null = null;
  if (ref.protocol === 'namel3ss') {
    f.info('LIVE_SKIPPED', 'Nothing to start: namel3ss tools run one Python process per call, and the app was read as a call reads it.');
  } else if (ref.protocol === 'quickjs') {
    f.info('LIVE_SKIPPED', `Not started: ${NOT_RUN} Its tools were read from its files.`);
  } else if (ref.protocol === 'agent-skill') {
    f.info('LIVE_SKIPPED', 'Nothing to start: an Agent Skill is read by an agent, and its scripts run one process per call; none was run.');
  } else if (opts.live === false) {
    f.info('LIVE_SKIPPED', `Not started (static checks only)${staticTools ? '' : ', so its tools were not listed or checked'}.`, `The live check starts the skill and reads its tools and first setup step: run "${cliCommand('doctor', ref.dir)}" (without --static), or Start the skill in the app.`);
  } else if (f.blocking() || !detected) {
    f.info('LIVE_SKIPPED', 'Not started: fix the errors above first.');
  } else {
    const before = folderSnapshot(dir);
    const live = await liveCheck(ref, f, { home: opts.home ?? defaultHome(), timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS });
    reportSelfWrites(before, folderSnapshot(dir), f);
    liveTools = live.info?.tools ?? null;
    sdkWarnings(live.stderr, f);
  }

  const tools = liveTools ?? staticTools;
  if (tools) {
    checkTools(tools, f, {
      // A namel3ss tool block has no description field (namel3ss refuses one), so none is asked for.
      descriptionSeverity: ref.protocol === 'namel3ss' ? null : 'warning',
      providerNames: ref.protocol === 'jsonrpc' || ref.protocol === 'skilldef',
    });
  }

  const findings = f.list.map((x, i) => ({ x, i })).sort((a, b) => ORDER[a.x.severity] - ORDER[b.x.severity] || a.i - b.i).map(({ x }) => x);
  return { skill: ref.name, protocol: ref.protocol, dir, findings, ok: !findings.some((x) => x.severity === 'error'), ...(agentSkill ? { agentSkill } : {}) };
}

/** The exit code the CLI gives a report: 1 with any error, else 0. */
export function doctorExitCode(report: DoctorReport): number {
  return report.ok ? 0 : 1;
}

/** The workbench's SDK prints `skillbench: warning: …` for definitions the original SDK let pass. */
function sdkWarnings(stderr: string[], f: Findings): void {
  for (const line of stderr) {
    const dup = /more than one tool named (.+?): the last one wins/.exec(line);
    if (dup) {
      f.error('DUPLICATE_TOOL', `More than one tool is named ${dup[1]}: only the last one can be called.`, 'Give every tool its own name in skill.py.');
      continue;
    }
    const w = /^skillbench: warning: (.*)$/.exec(line) ?? /^skillbench: (.*ignores fields it does not know.*)$/.exec(line);
    if (w) f.warning('SDK_WARNING', `The SDK says: ${w[1]}`, 'Check the spelling of the fields named (the SDK ignores fields it does not know).');
  }
}

/** The skill at `target`; failing that, a folder that looks like a broken skill (see the file comment). */
function locate(target: string, opts: DoctorOptions): { ref: SkillRef; detected: boolean } {
  try {
    return { ref: resolveSkill(target, { skill: opts.skill, protocol: opts.protocol }), detected: true };
  } catch (err) {
    const abs = path.resolve(target);
    const notFound = err instanceof SkillError && /^No skill found/.test(err.message);
    if (!notFound || opts.skill || !fs.statSync(abs, { throwIfNoEntry: false })?.isDirectory()) throw err;
    const protocol = opts.protocol ?? guessProtocol(abs);
    if (!protocol) throw err;
    return { ref: makeRef({ name: path.basename(abs), protocol, dir: abs, root: path.dirname(abs) }), detected: false };
  }
}

/** Which protocol a folder was meant for, judged from its marker files alone. */
function guessProtocol(dir: string): Protocol | null {
  const has = (name: string) => fs.existsSync(path.join(dir, name));
  if (has('manifest.json')) {
    const m = readJson(path.join(dir, 'manifest.json')) as { runtime?: unknown } | undefined;
    const runtime = m?.runtime as { type?: unknown } | string | undefined;
    if (runtime && typeof runtime === 'object' && runtime.type === 'subprocess') return 'jsonrpc';
    return 'skilldef';
  }
  if (has('skill.py')) return 'skilldef';
  if (has('agent.yaml') || has('agent.yml')) return 'action';
  // A SKILL.md by another name (Skill.md, SKILLS.md): the Agent Skill checks say why it is not found.
  if (fs.readdirSync(dir).some((n) => /^skills?\.md$/i.test(n))) return 'agent-skill';
  if (has('.namel3ss') || fs.readdirSync(dir).some((n) => n.endsWith('.ai'))) return 'namel3ss';
  return null;
}
