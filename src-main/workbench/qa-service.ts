/**
 * Recordings, replay and reports for the app: the QaApi half of the contract, over the engine's qa/ modules.
 * Every path the renderer sends goes through recordingFileIn first: the browser bridge must never read or
 * write a file outside `<home>/recordings/`.
 * (The record counter moves with the recorder's own count: see runtime/recording-slot.ts.)
 */
import path from 'node:path';
import type {
  EvalReport,
  EvalSuites,
  ExportedReport,
  QaApi,
  RecordingView,
  ReplayReport,
  ReportFormat,
  SkillRef,
  Tolerance,
  TriggerReport,
} from '../contract';
import { Redactor } from '../engine/redactor';
import { writeFileAtomicSync } from '../host/atomic-write';
import { PRIVATE, skillFolder } from '../host/workbench-home';
import { Recorder } from '../runtime/recorder';
import { callsOf, readRecording } from '../qa/recording-reader';
import { recordingView, VIEW_LIMITS } from '../qa/recording-view';
import { replayRecording } from '../qa/replay';
import { renderReport } from '../qa/report';
import { stderrDuring } from '../qa/stderr-window';
import { setTolerance as appendTolerance } from '../qa/tolerance';
import { recordingFileIn } from '../runtime/recordings';
import { readSettings, settingsEnv } from '../runtime/skill-settings';
import type { SkillHost } from './skill-host';
import { cliPrefix } from '../host/cli-command';
import { evalSuitesOf, runEvalSuiteOf, runTriggerEvalFor } from './eval-suites';

export class QaService implements QaApi {
  constructor(readonly wb: SkillHost) {}

  async openRecording(file: string): Promise<RecordingView> {
    const f = this.file(file);
    Recorder.syncAll(); // the one being written may hold this turn's records still
    const rec = readRecording(f);
    const end = rec.records.find((r) => r.type === 'end');
    const to = end?.type === 'end' ? end.endedAt : Date.now();
    const logStderr = stderrDuring(this.wb.home, rec.header.skill.id, rec.header.startedAt, to, VIEW_LIMITS.stderr);
    const active = this.wb.activeRecordings().some((r) => path.resolve(r) === f);
    return recordingView(rec, { active, logStderr });
  }

  async exportReport(file: string, format: ReportFormat): Promise<ExportedReport> {
    if (format !== 'markdown' && format !== 'html') throw new Error(`A report is written as markdown or html, not "${String(format)}".`);
    const f = this.file(file);
    const text = renderReport(f, format);
    const out = f.replace(/\.jsonl$/, format === 'html' ? '.report.html' : '.report.md');
    // Beside its recording, and as private as it: a report holds the session's data.
    writeFileAtomicSync(out, text, PRIVATE);
    return { file: out, format, text };
  }

  async replayRecording(file: string): Promise<ReplayReport> {
    const f = this.file(file);
    const ref = await this.openSkillFor(readRecording(f).header.skill);
    // Run it as the workbench would: its configured environment, and every secret it knows redacted.
    const settings = readSettings(skillFolder(this.wb.home, ref.id));
    const secrets = this.wb.stores.secrets;
    const redactor = new Redactor();
    const forget = secrets.registerWith(ref.id, redactor);
    try {
      return await replayRecording(f, {
        skill: ref,
        home: this.wb.home,
        stores: this.wb.stores,
        env: settingsEnv(settings, ref.id, secrets),
        redactor,
        timeoutMs: settings.timeoutMs,
        adopt: (rt) => this.wb.adopt(rt),
      });
    } finally {
      forget();
    }
  }

  async setTolerance(file: string, callSeq: number, tolerance: Tolerance | null): Promise<Tolerance | null> {
    const f = this.file(file);
    if (!Number.isInteger(callSeq)) throw new Error('Name the call by its number (seq) in the recording.');
    if (this.wb.activeRecordings().some((r) => path.resolve(r) === f)) {
      throw new Error('This recording is still being written: stop it first, then change how its calls are compared.');
    }
    appendTolerance(f, callSeq, normalized(tolerance));
    return callsOf(readRecording(f)).find((c) => c.seq === callSeq)?.tolerance ?? null;
  }

  // ---- evals ----

  async evalSuites(skillId: string): Promise<EvalSuites> {
    return evalSuitesOf(this.wb, skillId);
  }

  runEvalSuite(skillId: string, file: string, models: string[], runs?: number | null): Promise<EvalReport> {
    return runEvalSuiteOf(this.wb, skillId, file, models, runs);
  }

  runTriggerEval(skillId: string, file: string, models: string[], runs?: number | null, outputs?: boolean | null): Promise<TriggerReport> {
    return runTriggerEvalFor(this.wb, skillId, file, models, runs, outputs);
  }

  // ---- internals ----

  private file(file: unknown): string {
    return path.resolve(recordingFileIn(this.wb.home, file));
  }

  /** The open skill a recording names. Only skills of the open folders run from the app. */
  private async openSkillFor(skill: { id: string; name: string; protocol: string; dir: string }): Promise<SkillRef> {
    const same = (ref: SkillRef) => path.resolve(ref.dir) === path.resolve(skill.dir) && ref.name === skill.name && ref.protocol === skill.protocol;
    let byId: SkillRef | undefined;
    try {
      byId = this.wb.skillRef(skill.id);
    } catch {
      byId = undefined;
    }
    if (byId && same(byId)) return byId;
    for (const s of await this.wb.listSkills()) {
      const ref = this.wb.skillRef(s.id);
      if (same(ref)) return ref;
    }
    throw new Error(
      `${skill.name} (recorded from ${skill.dir}) is not in the open folders. Open its folder to replay it here, or replay it with "${cliPrefix()} replay <recording> --skill PATH".`,
    );
  }
}

/** A tolerance with its empty parts left out; nothing left means "compare exactly" (null). */
function normalized(t: Tolerance | null): Tolerance | null {
  if (t === null || typeof t !== 'object' || Array.isArray(t)) return t;
  const out: Tolerance = { ...t };
  if (Array.isArray(out.ignore)) {
    const ignore = out.ignore.map((p) => (typeof p === 'string' ? p.trim() : p)).filter((p) => p !== '');
    if (ignore.length) out.ignore = ignore;
    else delete out.ignore;
  }
  if (out.numeric && typeof out.numeric === 'object' && Object.keys(out.numeric).length === 0) delete out.numeric;
  if (out.pattern === '') delete out.pattern;
  return Object.keys(out).length ? out : null;
}
