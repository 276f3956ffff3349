/**
 * namel3ss tools (namel3ss-python-tool-protocol.md, and its node and http tools): a folder with `.ai`
 * programs declaring tools (of their own or of the capsules they use), and/or `.namel3ss/tools.yaml`. One
 * program is one skill; a folder with several programs side by side yields one skill each
 * (`<folder>#<program>`), never one merged app; a capsule's folder (`modules/<capsule>/`) is the capsule,
 * said to be whose. Detection reads files only; it never runs anything.
 */
import path from 'node:path';
import type { SkillRef } from '../../contract';
import type { ProtocolModule } from '../adapter';
import { makeRef } from '../refs';
import { Namel3ssSkill } from './adapter';
import { capsuleFolder, isNamel3ssApp, listAiFiles, listPrograms, loadApp, MODULES_DIR, type AppModel } from './app';
import { LOCAL_PACKS_DIR } from './packs';

function detectApp(dir: string, root: string): SkillRef[] {
  // A capsule's folder opened on its own: the capsule, read as the program that uses it runs it.
  const capsule = capsuleFolder(dir);
  if (capsule) {
    const files = listAiFiles(dir);
    const entry = path.join(dir, files.includes('capsule.ai') ? 'capsule.ai' : files[0]);
    return [makeRef({ name: capsule.capsule, protocol: 'namel3ss', dir, root, entry, description: describe(loadApp(dir)) })];
  }
  if (!isNamel3ssApp(dir)) return [];
  const programs = listPrograms(dir);
  if (programs.length <= 1) {
    const model = loadApp(dir, programs[0]);
    const main = programs[0];
    return [
      makeRef({
        name: model.name,
        protocol: 'namel3ss',
        dir,
        root,
        entry: main ? path.join(dir, main) : undefined,
        description: model.description ?? describe(model),
      }),
    ];
  }
  return programs.map((program) => {
    const model = loadApp(dir, program);
    return makeRef({
      name: model.name,
      protocol: 'namel3ss',
      dir,
      root,
      entry: path.join(dir, program),
      description: describe(model, program),
      several: true,
    });
  });
}

/** "namel3ss app with 2 python tools and 1 http tool"; a capsule says whose it is. */
function describe(model: AppModel, program?: string): string {
  const kinds = new Map<string, number>();
  for (const t of model.tools) kinds.set(t.kind ?? 'python', (kinds.get(t.kind ?? 'python') ?? 0) + 1);
  const parts = [...kinds].map(([kind, n]) => `${n} ${kind} tool${n === 1 ? '' : 's'}`);
  const tools = parts.length ? parts.join(' and ') : '0 tools';
  const c = model.capsuleOf;
  if (c) {
    const owner = c.programs.length ? `of the program ${c.programs.join(', ')} in ${path.basename(c.appRoot)}` : `that no program of ${path.basename(c.appRoot)} uses`;
    return `namel3ss capsule "${c.capsule}" ${owner}, with ${tools}`;
  }
  return `namel3ss ${program ? `program ${program}` : 'app'} with ${tools}`;
}

export const namel3ssProtocol: ProtocolModule = {
  protocol: 'namel3ss',
  detect: detectApp,
  /** A `.ai` file stands for its program (or, for a file with no tools of its own, the app it belongs to). */
  detectFile(file, root) {
    if (!file.endsWith('.ai')) return [];
    const found = detectApp(path.dirname(file), root);
    const own = found.filter((r) => r.entry === file);
    return own.length ? own : found.length === 1 ? found : [];
  },
  create: (ref, ctx) => new Namel3ssSkill(ref, ctx),
  perCall: true,
  hostServices: false,
  // Apps sit side by side in test and example folders, and inside one another: keep looking below an
  // app, except in its own parts.
  walkInside: true,
  ownFolders: [MODULES_DIR, 'tools', LOCAL_PACKS_DIR.split(path.sep)[0]],
};

export { Namel3ssSkill, type Namel3ssOptions } from './adapter';
export type { ToolTrace } from './trace';

// The protocol's public face: what the rest of the engine uses of it.
export { type AiTool } from './ai-file';
export { isNamel3ssApp, listAiFiles, loadApp } from './app';
export { BINDINGS_FILE, BUILTIN_PACK_PREFIX, bindingExample, readBindings } from './bindings';
export { CONFIG_FILE } from './config';
export { toolInfo } from './describe';
export { choosePython } from './local-runner';
export { httpSchemaProblem } from './http-tool';
export { findNode } from './node-runner';
export { planCall } from './plan';
