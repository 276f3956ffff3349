// Node 20's `fs` with the one Node 22 function the conformance suite imports: `globSync`, for the
// patterns it uses ("**/checks.json"). Only the conformance package is pointed here (glob-hooks.mjs).
import fs from 'node:fs';
import path from 'node:path';

export * from 'node:fs';
export default fs;

/** `**\/name` and `name` patterns, relative to `cwd`; enough for the suite's result summary. */
export function globSync(pattern, opts = {}) {
  const cwd = opts.cwd ?? process.cwd();
  const deep = pattern.startsWith('**/');
  const name = deep ? pattern.slice(3) : pattern;
  const re = new RegExp(`^${name.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  const entries = deep ? fs.readdirSync(cwd, { recursive: true, encoding: 'utf8' }) : fs.readdirSync(cwd, { encoding: 'utf8' });
  return entries.filter((e) => re.test(path.basename(e)) && (deep || !e.includes(path.sep)));
}
