import path from 'node:path';
import type { ProtocolModule } from '../adapter';
import { makeRef } from '../refs';
import { readSkillMd } from '../jsonrpc';
import { SkillDefSkill } from './adapter';
import { readSkillDefManifest } from './locate';

export const skilldefProtocol: ProtocolModule = {
  protocol: 'skilldef',
  detect(dir, root) {
    const m = readSkillDefManifest(dir);
    if (!m) return [];
    const md = readSkillMd(dir);
    return [
      makeRef({
        name: m.name ?? md.name ?? path.basename(dir),
        protocol: 'skilldef',
        dir,
        root,
        entry: path.join(dir, m.entry),
        description: m.description ?? md.description,
      }),
    ];
  },
  detectFile(file, root) {
    return path.basename(file) === 'skill.py' || path.basename(file) === 'manifest.json' ? this.detect(path.dirname(file), root) : [];
  },
  create: (ref, ctx) => new SkillDefSkill(ref, ctx),
  perCall: false,
  hostServices: true,
};

// The protocol's public face: what the rest of the engine uses of it.
export { createHostServices } from './host-services';
export { readSkillDefManifest, sdkRootOf, skillVenv } from './locate';
export { repositoryRoot, venvPython } from './locate';
