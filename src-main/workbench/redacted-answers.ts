/**
 * One of the two ways out of the workbench: every command's answer, whoever asked (a bridge, a test, a
 * service), is scrubbed of the secrets the workbench knows as it leaves. The other way out, events, is
 * scrubbed by the hub (events.ts), and bytes going to disk by the sinks that write them.
 */
export function redactAnswers(target: object, names: readonly string[], scrub: <T>(v: T) => T): void {
  const methods = target as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of names) {
    const fn = methods[name];
    methods[name] = (...args: unknown[]) => fn.apply(target, args).then(scrub);
  }
}
