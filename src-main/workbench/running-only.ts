/**
 * Looking never starts a skill. What only a running skill can say (an MCP server's capabilities, tools, resources,
 * prompts, tasks and skills; a SkillDefinition skill's options and triggers) is asked of it when it is up; of one
 * not started the answer is "not running: start it" (a STOPPED error), which the window shows with a Start button.
 * A skill on its way up (someone pressed Start) is waited for.
 */
import { SkillError } from '../common/errors';
import { isTransitioning, isUp } from '../common/skill-status';
import type { SkillRuntime } from '../runtime/skill-runtime';

export async function runningOnly<R extends SkillRuntime>(rt: R, what: string): Promise<R> {
  if (isUp(rt.status)) return rt;
  if (isTransitioning(rt.status)) {
    await rt.ensureStarted();
    return rt;
  }
  const which = rt.ref.protocol === 'mcp' ? 'server' : 'skill';
  throw new SkillError('STOPPED', `${rt.ref.name} is not running: ${what} come from the running ${which}, and looking starts nothing. Start it to see them.`);
}
