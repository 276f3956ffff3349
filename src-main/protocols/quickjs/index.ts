import path from 'node:path';
import type { ProtocolModule } from '../adapter';
import { makeRef } from '../refs';
import { QuickJsSkill } from './adapter';
import { readQuickJsManifest } from './read';

/** AlphaHuman's TypeScript skills for its QuickJS runtime: found and shown, not run (adapter.ts says why). */
export const quickjsProtocol: ProtocolModule = {
  protocol: 'quickjs',
  detect(dir, root) {
    const m = readQuickJsManifest(dir);
    if (!m) return [];
    return [makeRef({ name: m.name ?? path.basename(dir), protocol: 'quickjs', dir, root, entry: path.join(dir, m.entry), description: m.description })];
  },
  detectFile(file, root) {
    return ['manifest.json', 'index.ts', 'index.js'].includes(path.basename(file)) ? this.detect(path.dirname(file), root) : [];
  },
  create: (ref, ctx) => new QuickJsSkill(ref, ctx),
  // Nothing runs: its start reads files, and each call says it was not made.
  perCall: true,
  hostServices: false,
};

export { NOT_RUN, UPSTREAM_DROPPED } from './adapter';
export { readQuickJsManifest, readQuickJsTools } from './read';
