/**
 * Syntax checks of Python files without running them: Python's own `compile()` in a short-lived child,
 * so the answer is exactly what the interpreter would say on import. `compile()` writes no `.pyc` files
 * (py_compile would fill the skill's folder with `__pycache__`), and the skill's code never executes.
 */
import path from 'node:path';
import { systemPython } from '../host/paths';
import { runPythonFilter } from '../host/run-python';
import { toolEnvironment } from '../protocols/skill-env';

export interface SyntaxProblem {
  /** The file as it was given (absolute when given absolute). */
  file: string;
  /** 1-based; 1 when Python did not say (a file with NUL bytes, say). */
  line: number;
  column?: number;
  /** Python's words: "invalid syntax", "expected ':'", "unterminated string literal (detected at line 3)". */
  message: string;
  /** The offending line, as Python quoted it. */
  text?: string;
}

export interface SyntaxCheckOptions {
  /** The interpreter to ask (a skill's own .venv, say); SKILLBENCH_PYTHON or python3 otherwise. */
  python?: string;
  timeoutMs?: number;
}

// Reads a JSON list of paths on stdin, prints a JSON list of problems. Missing files are skipped: an
// editor may have deleted or renamed one between the change event and this check.
const SCRIPT = `
import json, sys
out = []
for f in json.loads(sys.stdin.buffer.read().decode("utf-8")):
    try:
        with open(f, "rb") as h:
            src = h.read()
    except OSError:
        continue
    try:
        compile(src, f, "exec", dont_inherit=True)
    except SyntaxError as e:
        out.append({"file": f, "line": e.lineno or 1, "column": e.offset, "message": e.msg or "invalid syntax",
                    "text": (e.text or "").rstrip("\\n") or None})
    except (ValueError, UnicodeError) as e:
        out.append({"file": f, "line": 1, "column": None, "message": str(e), "text": None})
sys.stdout.write(json.dumps(out))
`;

/** Every syntax error among `files` (.py files only; others are ignored), in the order given. */
export async function pythonSyntaxErrors(files: string[], opts: SyntaxCheckOptions = {}): Promise<SyntaxProblem[]> {
  const py = files.filter((f) => f.endsWith('.py'));
  if (!py.length) return [];
  const out = await runPython(opts.python ?? systemPython(), JSON.stringify(py), opts.timeoutMs ?? 15_000);
  if (out === null) return [];
  try {
    const list = JSON.parse(out) as (SyntaxProblem & { column: number | null; text: string | null })[];
    return list.map((p) => {
      const problem: SyntaxProblem = { file: p.file, line: p.line, message: p.message };
      if (p.column) problem.column = p.column;
      if (p.text) problem.text = p.text;
      return problem;
    });
  } catch {
    return [];
  }
}

/**
 * The first syntax error among the changed files, or null when they compile. Also null when Python
 * itself cannot be run: then the restart goes ahead and the skill's own start-up error says what is wrong,
 * rather than a reload being held back by the checker.
 */
export async function checkPythonSyntax(files: string[], opts: SyntaxCheckOptions = {}): Promise<SyntaxProblem | null> {
  return (await pythonSyntaxErrors(files, opts))[0] ?? null;
}

/** "Syntax error in skill.py line 12: expected ':'" (the path relative to `dir` when given). */
export function describeSyntaxError(p: SyntaxProblem, dir?: string): string {
  const name = dir ? path.relative(dir, p.file).split(path.sep).join('/') || p.file : p.file;
  return `Syntax error in ${name} line ${p.line}: ${p.message}`;
}

function runPython(python: string, input: string, timeoutMs: number): Promise<string | null> {
  return runPythonFilter(python, ['-I', '-c', SCRIPT], input, timeoutMs, toolEnvironment());
}
