/**
 * Who answers an MCP server's sampling requests in the app: the user (the request waits in the dialog, which can
 * ask the model for a draft to send or edit), or, where the user turned "always" on for that server, the app's
 * model at once (the exchange in Messages, a mark on the timeline). The switch is per server, kept beside its
 * roots in the skill's folder under the home (`mcp-sampling.json`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { McpSamplingDraft, McpSamplingMode, McpSamplingRequest } from '../contract';
import { sampleWithModel } from '../agent/mcp-sampling';
import { writeFileAtomicSync } from '../host/atomic-write';
import { PRIVATE, PRIVATE_DIR, skillFolder } from '../host/workbench-home';
import type { Sampler } from '../protocols/adapter';
import type { SkillRuntime } from '../runtime/skill-runtime';
import { activeAppModel, NO_MODEL } from './app-model';
import type { SkillHost } from './skill-host';

const FILE = 'mcp-sampling.json';

function fileOf(home: string, skillId: string): string {
  return path.join(skillFolder(home, skillId), FILE);
}

/** The server's switch: `ask` unless the user chose `always`. */
export function samplingMode(home: string, skillId: string): McpSamplingMode {
  try {
    // Anything but a saved "always" (no file, a broken one) asks: the model never answers unless told to.
    return (JSON.parse(fs.readFileSync(fileOf(home, skillId), 'utf8')) as { mode?: unknown })?.mode === 'always' ? 'always' : 'ask';
  } catch {
    return 'ask';
  }
}

export function setSamplingMode(home: string, skillId: string, mode: McpSamplingMode): void {
  if (mode !== 'ask' && mode !== 'always') throw new Error(`Answer sampling "ask" (each time) or "always" (with the model), not "${String(mode)}".`);
  const file = fileOf(home, skillId);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
  writeFileAtomicSync(file, JSON.stringify({ mode }, null, 2) + '\n', PRIVATE);
}

type Host = Pick<SkillHost, 'home' | 'chat'>;

/** The model's answer to `request`, for `rt`'s server; the model's key joins what its logs never show. */
export async function draftWithAppModel(host: Host, rt: SkillRuntime, request: McpSamplingRequest, signal?: AbortSignal): Promise<McpSamplingDraft> {
  const app = activeAppModel(host);
  if (!app) throw new Error(NO_MODEL);
  if (app.model.key.key) rt.redactor.add(app.model.key.key);
  return sampleWithModel(app.model, request, signal);
}

/** The sampler of one server's runtime: the model answers where the switch is `always` and a model is configured. */
export function appSampler(host: Host, skillId: string, runtime: () => SkillRuntime): Sampler {
  return (request) => {
    if (samplingMode(host.home, skillId) !== 'always') return null;
    const rt = runtime();
    let app;
    try {
      app = activeAppModel(host);
    } catch (err) {
      rt.logs.append('system', `The server's sampling request is asked of you: the model cannot be used (${(err as Error).message}).`);
      return null;
    }
    if (!app) {
      rt.logs.append('system', `The server's sampling request is asked of you: "always answer with the model" is on, but ${NO_MODEL.charAt(0).toLowerCase()}${NO_MODEL.slice(1)}`);
      return null;
    }
    const { model } = app;
    if (model.key.key) rt.redactor.add(model.key.key);
    return (signal) => sampleWithModel(model, request, signal);
  };
}
