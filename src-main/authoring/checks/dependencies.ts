/**
 * What a Python skill says it needs (its manifest's `dependencies[]` such as "PyGithub>=2.1.0", else its
 * requirements.txt, else its pyproject.toml) against the interpreter that will run it (its `.venv`, else
 * SKILLBENCH_PYTHON or python3): each is there when Python knows the distribution at a version the requirement
 * allows (PEP 440, as pip judges an installed package; its marker evaluated), or can find a module of that name
 * (a package put on PYTHONPATH has no metadata, nor a version to judge). Nothing is imported: `find_spec` and the
 * metadata only look. A missing or wrong one is a warning, not an error: the SDK's validator does not check them,
 * and the fault is this machine's, not the skill's. Its fix is "Prepare the environment" (`skillbench env`).
 *
 * A skill's own `.venv` is a file of its folder: static checks (validate, doctor --static) read its
 * site-packages and never run its interpreter; only a live check, which the user started and which runs the
 * skill anyway, asks it. The system interpreter runs isolated (-I), from a neutral folder.
 */
import os from 'node:os';
import path from 'node:path';
import { cliCommand } from '../../host/cli-command';
import { isBelow } from '../../host/pep440';
import { parseRequirement } from '../../host/pep508';
import { systemPython } from '../../host/paths';
import { judgeRequirement, requirementName, requirementSource, type RequirementSource, type Verdict } from '../../host/python-requirements';
import { runPythonFilter } from '../../host/run-python';
import { normaliseDistName, readVenv } from '../../host/venv-packages';
import { toolEnvironment } from '../../protocols/skill-env';
import { skillVenv } from '../../protocols/skilldef';
import { readEnvMarker, unfinishedWords } from '../../runtime/python-env-marker';
import { envFolder } from '../../runtime/python-env-plan';
import { skillFiles, withText } from '../../runtime/skill-files';
import type { Findings } from './findings';

/** Per [requirement, name]: [the requirement, the distribution's version or null, whether a module of its name is found]. */
const SCRIPT = `
import importlib.metadata as md, importlib.util, json, sys
ask = json.loads(sys.stdin.read())
sys.path[1:1] = ask["paths"]
out = []
for req, name in ask["deps"]:
    try:
        version = md.version(name)
    except Exception:
        version = None
    found = False
    if version is None:
        for mod in {name.replace("-", "_"), name.replace("-", "_").lower()}:
            try:
                found = found or (mod.isidentifier() and importlib.util.find_spec(mod) is not None)
            except Exception:
                pass
    out.append([req, name, version, found])
print(json.dumps({"python": sys.executable, "version": sys.version.split()[0], "deps": out}))
`;

export interface DependencyCheck {
  python: string;
  version: string;
  deps: { requirement: string; name: string; installed: string | null; found: boolean; verdict: Verdict }[];
}

export interface DependencyCheckOptions {
  /** A live check (the user started it, and it runs the skill): the skill's own interpreter may be asked. */
  live?: boolean;
  /** Folders the skill gets on PYTHONPATH (the workbench's, when it inherits the environment). */
  paths?: string[];
  /** The skill's own interpreter, where its protocol finds it otherwise (null: none); by default a SkillDefinition skill's. */
  venv?: string | null;
}

/** One requirement the skill's interpreter does not meet. */
export interface DependencyProblem {
  requirement: string;
  name: string;
  /** The version it has, where it has the package at the wrong version. */
  installed: string | null;
  kind: 'missing' | 'too-old' | 'other-version';
}

/** What the skill needs, what its interpreter has of it, and what is wrong; null where it lists nothing. */
export interface DependencyReport {
  source: RequirementSource;
  /** Null where Python could not be run (or a `.venv` could not be read). */
  check: DependencyCheck | null;
  problems: DependencyProblem[];
  /** The interpreter in words, for sentences ("its virtual environment's Python, …/.venv/bin/python"). */
  where: string;
  /** The environment the workbench last left unfinished there, and why it is not finished. */
  unfinished: { venv: string; words: string } | null;
}

/** What the skill's interpreter has of each requirement; null when Python cannot be run. */
export async function checkDependencyList(dir: string, deps: string[], opts: DependencyCheckOptions = {}): Promise<DependencyCheck | null> {
  const venv = opts.venv !== undefined ? opts.venv : skillVenv(dir);
  if (venv && !opts.live) return readVenvDependencies(venv, deps);
  // The skill's own interpreter runs as the skill will; a system one runs isolated, with the paths given explicitly.
  const args = venv ? ['-c', SCRIPT] : ['-I', '-c', SCRIPT];
  const ask = { deps: deps.map((d) => [d, requirementName(d)]), paths: opts.paths ?? [] };
  const out = await runPythonFilter(venv ?? systemPython(), args, JSON.stringify(ask), 10_000, toolEnvironment(), os.tmpdir());
  if (!out) return null;
  try {
    const r = JSON.parse(out) as { python: string; version: string; deps: [string, string, string | null, boolean][] };
    return {
      python: r.python,
      version: r.version,
      deps: r.deps.map(([requirement, name, installed, found]) => ({ requirement, name, installed, found, verdict: judgeRequirement(requirement, installed, found, r.version) })),
    };
  } catch {
    return null;
  }
}

/** The same answer read from the environment's folders; null where it is no readable venv. */
function readVenvDependencies(python: string, deps: string[]): DependencyCheck | null {
  const venv = readVenv(python);
  if (!venv) return null;
  return {
    python,
    version: venv.version ?? 'unknown',
    deps: deps.map((requirement) => {
      const name = requirementName(requirement);
      const installed = venv.dists.get(normaliseDistName(name)) ?? null;
      const found = !installed && [name.replace(/-/g, '_'), name.replace(/-/g, '_').toLowerCase()].some((m) => venv.modules.has(m));
      return { requirement, name, installed, found, verdict: judgeRequirement(requirement, installed, found, venv.version) };
    }),
  };
}

export async function dependencyReport(dir: string, opts: DependencyCheckOptions = {}): Promise<DependencyReport | null> {
  const source = requirementSource(dir);
  if (!source || !source.requirements.length) return null;
  const check = await checkDependencyList(dir, source.requirements, opts);
  const venv = opts.venv !== undefined ? opts.venv : skillVenv(dir);
  const problems: DependencyProblem[] = [];
  for (const d of check?.deps ?? []) {
    if (d.verdict.kind === 'missing') problems.push({ requirement: d.requirement, name: d.name, installed: null, kind: 'missing' });
    if (d.verdict.kind === 'version') {
      const spec = parseRequirement(d.requirement)?.specifier ?? '';
      problems.push({ requirement: d.requirement, name: d.name, installed: d.verdict.installed, kind: isBelow(d.verdict.installed, spec) ? 'too-old' : 'other-version' });
    }
  }
  const folder = venv ? path.dirname(path.dirname(venv)) : envFolder(dir, opts.venv === undefined ? 'skilldef' : undefined);
  const words = unfinishedWords(readEnvMarker(folder));
  return {
    source,
    check,
    problems,
    where: venv ? `its virtual environment's Python, ${check?.python ?? venv}` : `${check?.python ?? systemPython()}${check ? ` (Python ${check.version})` : ''}`,
    unfinished: words ? { venv: folder, words } : null,
  };
}

/** Each requirement the interpreter lacks or has at the wrong version, with which one, and the way to an environment that has it. */
export async function checkDependencies(dir: string, f: Findings, opts: DependencyCheckOptions = {}): Promise<void> {
  const r = await dependencyReport(dir, opts);
  if (!r) return;
  const file = r.source.file;
  const prepare = `Prepare the environment ("Prepare the environment" in the skill's header, or ${cliCommand('env', dir)}): it makes a .venv where the skill runs and installs what ${file} lists.`;
  if (r.unfinished) {
    f.warning('ENV_UNFINISHED', `The environment in ${r.unfinished.venv} is not finished: ${r.unfinished.words}. The skill may fail to load.`, prepare, { file });
  }
  if (!r.check) {
    f.info('DEPENDENCIES_UNCHECKED', `The dependencies in ${file} were not checked: Python could not be run.`, 'Install Python 3, or set SKILLBENCH_PYTHON to the interpreter that runs your skills.');
    return;
  }
  const python = r.check.python;
  for (const p of r.problems) {
    const where = { file, ...(file === 'manifest.json' ? { field: 'dependencies' } : {}) };
    if (p.kind === 'missing' && normaliseDistName(p.name) === 'mcp' && !importsMcpBeyondTypes(dir)) {
      f.info(
        'DEPENDENCY_STAND_IN',
        `${file} needs "${p.requirement}", which ${r.where} does not have. The skill imports only mcp.types from it, and the workbench's stand-in gives those data classes, so the skill loads here.`,
        `To run it as its own host would, with the real package: ${prepare}`,
        where,
      );
    } else if (p.kind === 'missing') {
      f.warning(
        'DEPENDENCY_MISSING',
        `${file} needs "${p.requirement}", which ${r.where} does not have: the skill may fail to load.`,
        `${prepare} Or install it yourself: ${python} -m pip install "${p.requirement}", or set SKILLBENCH_PYTHON=/path/to/python to an interpreter that has it.`,
        where,
      );
    } else {
      f.warning(
        'DEPENDENCY_VERSION',
        `${file} needs ${p.requirement}; the skill's Python has ${p.installed}${p.kind === 'too-old' ? ', which is too old' : ''} (${python}).`,
        `${prepare} Or upgrade it yourself: ${python} -m pip install "${p.requirement}".`,
        where,
      );
    }
  }
}

/**
 * A Python file of the skill that uses more of `mcp` than `mcp.types` (the stand-in covers only that): a
 * subpackage (`mcp.server`, `mcp.client`, ...) or a name imported from `mcp` itself. Read, never run.
 */
function importsMcpBeyondTypes(dir: string): boolean {
  const py = skillFiles(dir, { maxFiles: 2000 }).filter((f) => f.rel.endsWith('.py'));
  for (const [, text] of withText(py)) {
    if (/\bmcp\.(?:server|client|shared|cli|os)\b/.test(text)) return true;
    for (const m of text.matchAll(/^\s*from\s+mcp\s+import\s+\(?([\w\s,]+)/gm)) {
      if (m[1].split(/[\s,]+/).some((n) => n && n !== 'types')) return true;
    }
  }
  return false;
}
