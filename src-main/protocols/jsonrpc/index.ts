import path from 'node:path';
import type { ProtocolModule } from '../adapter';
import { makeRef } from '../refs';
import { JsonRpcSkill } from './adapter';
import { readSubprocessManifest } from './manifest';

export const jsonRpcProtocol: ProtocolModule = {
  protocol: 'jsonrpc',
  detect(dir, root) {
    const m = readSubprocessManifest(dir);
    if (!m) return [];
    const entry = m.args.find((a) => /\.(py|js|mjs|ts|rb|sh)$/.test(a));
    return [
      makeRef({
        name: m.name ?? path.basename(dir),
        protocol: 'jsonrpc',
        dir,
        root,
        entry: entry ? path.resolve(dir, entry) : undefined,
        description: m.description,
      }),
    ];
  },
  create: (ref, ctx) => new JsonRpcSkill(ref, ctx),
  perCall: false,
  hostServices: false,
};

// The protocol's public face: what the rest of the engine uses of it.
export { readSkillMd, readSubprocessManifest } from './manifest';
