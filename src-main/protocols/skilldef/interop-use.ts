/**
 * Whether a SkillDefinition skill's code uses other skills (`ctx.skills.call_function(...)` and the like),
 * read from its Python files without running anything: the app offers the Interop panel to such a skill
 * even when it exposes nothing itself.
 */
import fs from 'node:fs';
import path from 'node:path';

const USES = /\.skills\.(?:call_function|request_data|list_skills|get_skill|list_data|list_functions)\s*\(|["']skills\/(?:callFunction|requestData|listFunctions|listData)["']/;
/** Enough for any hand-written skill; a huge generated file is not read. */
const MAX_FILE_BYTES = 512 * 1024;
const MAX_FILES = 200;

export function callsOtherSkills(dir: string): boolean {
  let seen = 0;
  const visit = (folder: string, depth: number): boolean => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      return false;
    }
    for (const e of entries) {
      if (seen >= MAX_FILES) return false;
      const full = path.join(folder, e.name);
      if (e.isDirectory() && depth < 2 && !e.name.startsWith('.') && !['data', 'node_modules', '__pycache__', '.venv'].includes(e.name)) {
        if (visit(full, depth + 1)) return true;
      } else if (e.isFile() && e.name.endsWith('.py')) {
        seen++;
        try {
          if (fs.statSync(full).size <= MAX_FILE_BYTES && USES.test(fs.readFileSync(full, 'utf8'))) return true;
        } catch {
          /* unreadable: not ours to judge */
        }
      }
    }
    return false;
  };
  return visit(dir, 0);
}
