/**
 * What a process that failed to start said, put the way a person reads it: the one line that names the cause
 * first, the rest kept for "Details". npm's 404 for a mistyped package prints eight lines whose useful one
 * ("could not be found") sits in the middle, and Python puts the exception on the last line after its frames:
 * a fixed tail of three lines cut the first off and buried the second.
 */

/** Lines that usually name the cause, best first. */
const TELLING: readonly RegExp[] = [
  // A Python exception line ("ModuleNotFoundError: No module named 'x'"), the last line of a traceback.
  /^\s*(?:[A-Za-z_][\w.]*\.)?[A-Z]\w*(?:Error|Exception|Exit|Interrupt)\b(?::|$)/,
  /could not be found|not found|no such file|cannot find|can't find|command not found|not recognized/i,
  /permission denied|EACCES|EADDRINUSE|address already in use|ECONNREFUSED/i,
  /\b(?:error|fatal)\b/i,
];

/** Lines that say nothing of the cause (npm's pointers to its own log and to other install forms). */
const NOISE = /complete log of this run|note that you can also install|tarball, folder, http url|^\s*npm (?:error|ERR!)\s*(?:\d{3})?\s*$/i;

/** The line of a failed process's output that most likely names the cause, or undefined when it said nothing. */
export function keyLine(lines: readonly string[]): string | undefined {
  const said = lines.map((l) => l.trim()).filter((l) => l && !NOISE.test(l));
  for (const telling of TELLING) {
    // The last match: a traceback's exception, or npm's final word, comes after what led to it.
    const found = said.findLast((l) => telling.test(l));
    if (found) return found;
  }
  return said.at(-1);
}

/**
 * A start failure in one sentence, the cause first: "<name> did not start: <key line> (<how it ended>)". Without
 * output, how it ended is the message.
 */
export function startFailure(name: string, how: string, stderr: readonly string[]): string {
  const key = keyLine(stderr)?.replace(/\s+/g, ' ');
  const ended = how.replace(/\.$/, '');
  return key ? `${name} did not start: ${key} (${ended}).` : `${name} did not start: ${ended}.`;
}
