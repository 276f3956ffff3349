/**
 * What the QA, authoring, log and agent services need of the workbench: the narrow side of it they are
 * built on, so that none of them depends on the concrete `Workbench` (which makes them).
 */
import type { ChatModel } from '../agent/chat-model';
import type { Redactor } from '../engine/redactor';
import type { CoreApi, ModelProfile, SkillInfo, SkillRef } from '../contract';
import type { SkillRuntime } from '../runtime/skill-runtime';
import type { HomeStores } from '../runtime/stores';
import type { EventHub } from './events';

export interface SkillHost extends Pick<CoreApi, 'listSkills' | 'callTool' | 'getWorkspace' | 'addFolder' | 'selectSkill' | 'listRecordings'> {
  /** The workbench's home folder (logs, state, recordings, secrets). */
  readonly home: string;
  readonly stores: HomeStores;
  readonly events: EventHub;
  /** Every secret the workbench knows, for what it masks itself (text streamed in pieces). */
  readonly redactor: Redactor;
  /** The app's models: the one in use, for whatever asks a model (sampling, scheduled prompts). */
  readonly chat: { activeChatModel(): ChatModel | undefined; activeModelProfile(): ModelProfile | undefined; openProfile(p: ModelProfile): ChatModel };
  /** Where a skill of the open folders lives and how it runs; throws a plain-words error for an unknown id. */
  skillRef(skillId: string): SkillRef;
  /** The skill's runtime, started if it is not running. */
  liveRuntime(skillId: string): Promise<SkillRuntime>;
  /** The skill's runtime as it is (its log, its redactor), without starting it. */
  idleRuntime(skillId: string): SkillRuntime;
  /** The skill's runtime when it is running (or on its way up); else a "not running: start it" error naming `what`. */
  runningRuntime(skillId: string, what: string): Promise<SkillRuntime>;
  /** What the skill said about itself when it last started, without starting it. */
  knownInfo(skillId: string): SkillInfo | null;
  /** Whether the user started the skill on purpose (Start, inspect, a folder chosen to run on open), not just called a tool. */
  userStarted(skillId: string): boolean;
  /** `v` with every value this workbench knows as one of the skill's secrets replaced. */
  redact<T>(skillId: string, v: T): T;
  /** Looks through the open folders again (a skill was written into one). */
  refreshSkills(): Promise<void>;
  /** True for a folder the user chose with the native picker during this run. */
  wasPicked(folder: string): boolean;
  /** Closes `rt` with the workbench if it is still open then; returns the release, for when its owner closes it. */
  adopt(rt: SkillRuntime): () => void;
  /** The recordings being written now (their files). */
  activeRecordings(): string[];
  /** Waits for any hot reload under way to finish. */
  reloadSettled(skillId: string): Promise<void>;
  /** From now on the app hears (`filesChanged`) when the skill's files change. */
  observeFiles(skillId: string): void;
}
