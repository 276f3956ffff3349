/**
 * Evals in the app (the QA service serves them): a skill's suites are the files in its `.skillbench/evals/`
 * (beside its collections), and they run on its live runtime, so each tool call is in History and Messages as a
 * chat's are, with the app's model profiles picked by id (opened by the chat service, with their prices). Only those files are read on
 * the window's behalf: a path it sends must be one of them.
 */
import path from 'node:path';
import type { EvalModel, EvalReport, EvalSuiteInfo, EvalSuites, ModelProfile, TriggerReport } from '../contract';
import { skillChatTarget } from '../agent/chat-target';
import { activeProfile, loadModelSettings } from '../agent/model-settings';
import { caseInfo, runEvalSuite } from '../qa/eval-run';
import { listEvalSuites, loadEvalSuite } from '../qa/eval-suite';
import { isTriggerSuite, loadSuite } from '../qa/trigger-suite';
import type { SkillHost } from './skill-host';
import { runTriggerEvalOf, skillEvalsInfo } from './trigger-evals';

export function evalSuitesOf(wb: SkillHost, skillId: string): EvalSuites {
  const ref = wb.skillRef(skillId);
  const settings = loadModelSettings(wb.home);
  const active = activeProfile(settings);
  const own = skillEvalsInfo(wb, skillId);
  return {
    suites: [...listEvalSuites(ref.dir).map(suiteInfo), ...(own ? [own] : [])],
    models: settings.profiles.map(evalModelOf),
    ...(active ? { activeModel: active.id } : {}),
  };
}

export async function runEvalSuiteOf(wb: SkillHost, skillId: string, file: string, modelIds: string[], runs?: number | null): Promise<EvalReport> {
  const ref = wb.skillRef(skillId);
  const f = path.resolve(file);
  if (!listEvalSuites(ref.dir).some((s) => path.resolve(s) === f)) throw new Error(`${file} is not one of ${ref.name}'s eval suites (the files in ${path.join(ref.dir, '.skillbench', 'evals')}).`);
  const suite = loadEvalSuite(f);
  const profiles = pickProfiles(wb.home, modelIds);
  const rt = await wb.liveRuntime(skillId);
  const models = profiles.map((p) => {
    const chat = wb.chat.openProfile(p);
    // The key is the workbench's: whatever the skill or the model says, it is never shown or stored.
    if (chat.key.key) rt.redactor.add(chat.key.key);
    return { info: evalModelOf(p), chat, maxSteps: p.maxSteps };
  });
  const report = await runEvalSuite(suite, { target: skillChatTarget(rt), skill: { name: rt.info()?.name ?? ref.name, dir: ref.dir }, models, runs: runs ?? undefined });
  return rt.redactor.value(report);
}

/** A trigger suite or an Agent Skill's evals.json of the skill (the files listed), run against the workspace's catalog. */
export async function runTriggerEvalFor(wb: SkillHost, skillId: string, file: string, modelIds: string[], runs?: number | null, outputs?: boolean | null): Promise<TriggerReport> {
  const ref = wb.skillRef(skillId);
  const f = path.resolve(file);
  const own = skillEvalsInfo(wb, skillId);
  if (!listEvalSuites(ref.dir).some((s) => path.resolve(s) === f) && !(own && path.resolve(own.file) === f)) throw new Error(`${file} is not one of ${ref.name}'s eval suites (the files in ${path.join(ref.dir, '.skillbench', 'evals')}, or its evals/evals.json).`);
  const models = pickProfiles(wb.home, modelIds).map((p) => ({ info: evalModelOf(p), profile: p }));
  return runTriggerEvalOf(wb, skillId, f, models, runs, outputs);
}

function suiteInfo(file: string): EvalSuiteInfo {
  try {
    const s = loadSuite(file);
    if (isTriggerSuite(s)) return { file, name: s.name, kind: 'trigger', cases: [], queries: s.queries.length, ...(s.compare ? { compares: `${s.compare.skill} as it is against ${s.compare.against.kind === 'without' ? 'without it' : 'its old version'}` } : {}) };
    return { file, name: s.name, cases: s.cases.map((c) => caseInfo(c)) };
  } catch (err) {
    return { file, name: path.basename(file).replace(/\.(ya?ml|json)$/i, ''), cases: [], error: (err as Error).message };
  }
}

function evalModelOf(p: ModelProfile): EvalModel {
  return { id: p.id, label: p.label ?? p.model, provider: p.provider, model: p.model, ...(p.baseUrl ? { baseUrl: p.baseUrl } : {}) };
}

/** The profiles named, in that order; none named: the one in use. */
function pickProfiles(home: string, ids: string[]): ModelProfile[] {
  const settings = loadModelSettings(home);
  if (!ids.length) {
    const active = activeProfile(settings);
    if (!active) throw new Error(settings.profiles.length ? 'Choose the models to run the suite on.' : 'No model is set up yet: add one in the model settings first.');
    return [active];
  }
  return [...new Set(ids)].map((id) => {
    const p = settings.profiles.find((x) => x.id === id);
    if (!p) throw new Error(`There is no model profile "${id}" (it may have been removed): choose the models again.`);
    return p;
  });
}
