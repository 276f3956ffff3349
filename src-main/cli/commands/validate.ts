/**
 * `skillbench validate`: what authors know as the SDK's `python -m dev.validate.validator`, the doctor's
 * static checks alone (nothing is started). It accepts whatever that validator accepts.
 */
import type { CommandContext } from '../context';
import type { Io } from '../output';
import { run as doctor } from './doctor';

export const help = 'validate <path> [--skill NAME] [--json]   the doctor\'s static checks, like the SDK\'s validator: nothing is started';

export function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  return doctor([...argv, '--static'], io, ctx);
}
