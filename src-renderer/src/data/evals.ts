/**
 * A skill's eval suites and the models they can run on, as the Evals list and its run dialog share them: the
 * answer of `evalSuites`, kept by the query cache (read again with the list's refresh, after a git pull say).
 */
import type { EvalSuites } from '@contract';
import { useQuery } from './use-query';

export function useEvalSuites(skillId: string): { data: EvalSuites | undefined; error: string | undefined; reload(): void } {
  const { data, error, reload } = useQuery('evalSuites', [skillId]);
  return { data, error: error ?? undefined, reload };
}
