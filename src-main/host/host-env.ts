/**
 * The environment the engine takes its settings from (SKILLBENCH_HOME, SKILLBENCH_PYTHON, the variables a
 * skill's manifest lists, secrets from CI): this process's, unless a caller scoped another to its own
 * async work. The command line run in process (tests, scripts) does so, so that each run sees the
 * environment it was given and runs side by side never see each other's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scoped = new AsyncLocalStorage<NodeJS.ProcessEnv>();

export function hostEnv(): NodeJS.ProcessEnv {
  return scoped.getStore() ?? process.env;
}

/** Runs `fn` (and everything it starts: calls, timers, child processes' events) with `env` as the host's environment. */
export function withHostEnv<T>(env: NodeJS.ProcessEnv, fn: () => T): T {
  return scoped.run(env, fn);
}
