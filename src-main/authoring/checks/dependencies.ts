/**
 * A SkillDefinition manifest's `dependencies[]` ("PyGithub>=2.1.0", "mcp>=1.0.0") against the interpreter
 * that will run the skill (its `.venv`, else SKILLBENCH_PYTHON or python3): each is installed when Python
 * knows the distribution, or can find a module of that name (a package put on PYTHONPATH has no metadata).
 * Nothing is imported: `find_spec` and the metadata only look. A missing one is a warning, not an error:
 * the SDK's validator does not check them, and the fault is this machine's, not the skill's.
 *
 * A skill's own `.venv` is a file of its folder: static checks (validate, doctor --static) read its
 * site-packages and never run its interpreter; only a live check, which the user started and which runs the
 * skill anyway, asks it. The system interpreter runs isolated (-I), from a neutral folder.
 */
import os from 'node:os';
import { systemPython } from '../../host/paths';
import { runPythonFilter } from '../../host/run-python';
import { normaliseDistName, readVenv } from '../../host/venv-packages';
import { toolEnvironment } from '../../protocols/skill-env';
import { skillVenv } from '../../protocols/skilldef';
import type { Findings } from './findings';

/** Per requirement: [the requirement, the distribution's version or null, whether a module of its name is found]. */
const SCRIPT = `
import importlib.metadata as md, importlib.util, json, re, sys
ask = json.loads(sys.stdin.read())
sys.path[1:1] = ask["paths"]
out = []
for req in ask["deps"]:
    name = re.split(r"[\\s<>=!~;\\[(]", req.strip(), 1)[0]
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
  deps: { requirement: string; name: string; installed: string | null; found: boolean }[];
}

export interface DependencyCheckOptions {
  /** A live check (the user started it, and it runs the skill): the skill's own interpreter may be asked. */
  live?: boolean;
  /** Folders the skill gets on PYTHONPATH (the workbench's, when it inherits the environment). */
  paths?: string[];
}

/** What the skill's interpreter has of each requirement; null when Python cannot be run. */
export async function checkDependencyList(dir: string, deps: string[], opts: DependencyCheckOptions = {}): Promise<DependencyCheck | null> {
  const venv = skillVenv(dir);
  if (venv && !opts.live) return readVenvDependencies(venv, deps);
  // The skill's own interpreter runs as the skill will; a system one runs isolated, with the paths given explicitly.
  const args = venv ? ['-c', SCRIPT] : ['-I', '-c', SCRIPT];
  const out = await runPythonFilter(venv ?? systemPython(), args, JSON.stringify({ deps, paths: opts.paths ?? [] }), 10_000, toolEnvironment(), os.tmpdir());
  if (!out) return null;
  try {
    const r = JSON.parse(out) as { python: string; version: string; deps: [string, string, string | null, boolean][] };
    return { python: r.python, version: r.version, deps: r.deps.map(([requirement, name, installed, found]) => ({ requirement, name, installed, found })) };
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
      const name = requirement.trim().split(/[\s<>=!~;[(]/, 1)[0];
      const installed = venv.dists.get(normaliseDistName(name)) ?? null;
      const found = !installed && [name.replace(/-/g, '_'), name.replace(/-/g, '_').toLowerCase()].some((m) => venv.modules.has(m));
      return { requirement, name, installed, found };
    }),
  };
}

/** Each requirement the interpreter lacks, with which package, which interpreter, and how to point the workbench at another. */
export async function checkDependencies(dir: string, deps: unknown, f: Findings, opts: DependencyCheckOptions = {}): Promise<void> {
  if (!Array.isArray(deps) || !deps.length || deps.some((d) => typeof d !== 'string')) return;
  const r = await checkDependencyList(dir, deps as string[], opts);
  if (!r) {
    f.info('DEPENDENCIES_UNCHECKED', 'The dependencies in manifest.json were not checked: Python could not be run.', 'Install Python 3, or set SKILLBENCH_PYTHON to the interpreter that runs your skills.');
    return;
  }
  const venv = skillVenv(dir);
  for (const d of r.deps) {
    if (d.installed || d.found) continue;
    const where = venv ? `its virtual environment's Python, ${r.python}` : `${r.python} (Python ${r.version})`;
    f.warning(
      'DEPENDENCY_MISSING',
      `manifest.json needs "${d.requirement}", which ${where} does not have: the skill may fail to load.`,
      `Install it there: ${r.python} -m pip install "${d.requirement}". Or point the workbench at an interpreter that has it: set SKILLBENCH_PYTHON=/path/to/python, or create a virtual environment named .venv in the skill's folder or its repository's (used by itself).`,
      { file: 'manifest.json', field: 'dependencies' },
    );
  }
}
