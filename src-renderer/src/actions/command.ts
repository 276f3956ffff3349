/** One command of the table as an action's function: what an action module offers when it adds nothing to the call. */
import { api } from '../api/client';
import type { ArgsOf, CommandName, ResultOf } from '../data/query-cache';

export function command<C extends CommandName>(name: C): (...args: ArgsOf<C>) => Promise<ResultOf<C>> {
  return (...args) => (api()[name] as (...a: ArgsOf<C>) => Promise<ResultOf<C>>)(...args);
}
