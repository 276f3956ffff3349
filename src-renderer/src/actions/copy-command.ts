/** "Copy as command": a call as the `skillbench call` line that makes it again in a terminal. */
import { api } from '../api/client';
import { callCommand, skillOption } from '../lib/command-line';
import { useStore } from '../store';
import { messageOf } from './errors';

/**
 * Copies the command line of a call of `tool` with `args` on the skill. The workbench masks its secrets
 * first, so none is ever put on the clipboard; the toast says when one has to be filled in.
 */
export async function copyCallCommand(skillId: string, tool: string, args: unknown, opts: { timeoutMs?: number } = {}): Promise<string | null> {
  const s = useStore.getState();
  const skill = s.skills.find((k) => k.id === skillId);
  if (!skill) return null;
  let masked: unknown;
  try {
    masked = await api().maskSecrets(skillId, args ?? {});
  } catch (err) {
    s.pushToast('error', `Could not make the command line: ${messageOf(err)}`);
    return null;
  }
  const built = callCommand({
    path: skill.dir,
    tool,
    args: masked,
    skill: skillOption(skill.id, skill.name),
    timeoutSeconds: opts.timeoutMs ? opts.timeoutMs / 1000 : undefined,
    // The engine knows whether `skillbench` is on this machine's PATH; without it, its absolute form runs anywhere.
    prefix: s.host?.cli,
  });
  try {
    await navigator.clipboard.writeText(built.line);
  } catch {
    s.pushToast('error', `The clipboard is not available here. The command: ${built.line}`);
    return built.line;
  }
  s.pushToast(
    built.masked ? 'info' : 'success',
    built.masked
      ? `Copied the command line. ${built.masked === 1 ? 'A secret is' : `${built.masked} secrets are`} shown as •••• in it: put the value in before you run it.`
      : 'Copied the command line: paste it into a terminal to make the same call.',
  );
  return built.line;
}
