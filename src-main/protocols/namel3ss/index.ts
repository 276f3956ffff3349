/**
 * namel3ss Python tools (namel3ss-python-tool-protocol.md): a folder with `.ai` files declaring python
 * tools, and/or `.namel3ss/tools.yaml`, is one skill whose tools are those declarations.
 * Detection reads files only; it never runs Python.
 */
import path from 'node:path';
import type { SkillRef } from '../../contract';
import type { ProtocolModule } from '../adapter';
import { makeRef } from '../refs';
import { Namel3ssSkill } from './adapter';
import { isNamel3ssApp, loadApp } from './app';

function detectApp(dir: string, root: string): SkillRef[] {
  if (!isNamel3ssApp(dir)) return [];
  const model = loadApp(dir);
  const main = model.aiFiles.find((f) => model.tools.some((t) => t.file === f)) ?? model.aiFiles[0];
  return [
    makeRef({
      name: model.name,
      protocol: 'namel3ss',
      dir,
      root,
      entry: main ? path.join(dir, main) : undefined,
      description: model.description ?? `namel3ss app with ${model.tools.length} python tool${model.tools.length === 1 ? '' : 's'}`,
    }),
  ];
}

export const namel3ssProtocol: ProtocolModule = {
  protocol: 'namel3ss',
  detect: detectApp,
  /** A `.ai` file stands for the app it belongs to (its folder). */
  detectFile(file, root) {
    if (!file.endsWith('.ai')) return [];
    return detectApp(path.dirname(file), root);
  },
  create: (ref, ctx) => new Namel3ssSkill(ref, ctx),
};

export { Namel3ssSkill, type Namel3ssOptions } from './adapter';
export type { ToolTrace } from './trace';
