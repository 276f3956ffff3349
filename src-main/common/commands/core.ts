/** The workbench's core commands: the workspace, a skill's life, calls, logs, setup, data, recordings, options. */
import type {
  AgentConfig, AgentInstall, CallRecord, HostInfo, LogEntry, MessageEntry, RecordingInfo, SetupConfiguration, SetupResult, SetupStep, SkillData, SkillInfo,
  SkillOption, SkillOptionsChange, SkillSettings, SkillSettingsUpdate, SkillSummary, TickState, TimelineEntry, Workspace,
} from '../../contract';
import { z } from '../shape';
import { compactRecord, expandRecord, sameValue } from '../call-outcome';
import { command, inTheClear, onTheWire, returns, type AnswerWire } from './declare';
import { anyValue, flag, object, objectFor, skillId, text } from './fields';

/** A call record, its result once on the wire (call-outcome.ts). */
const record: AnswerWire = { out: (r) => compactRecord(r as CallRecord | null), in: (r) => expandRecord(r as CallRecord | null) };
/**
 * The answer to a call: its record without the arguments the window itself sent (put back as it arrives), unless
 * masking a secret changed them: then the masked ones go, as the window is to show them.
 */
const answer: AnswerWire = {
  out: (r, raw) => {
    const safe = compactRecord(r as CallRecord);
    if (r !== raw && !sameValue(safe.args, (raw as CallRecord).args)) return safe;
    const { args: _args, ...rest } = safe;
    return rest;
  },
  in: (r, sent) => {
    const whole: Partial<CallRecord> = expandRecord(r as CallRecord);
    return 'args' in whole ? whole : { ...whole, args: sent[2] };
  },
};
const records: AnswerWire = { out: (rs) => (rs as CallRecord[]).map((r) => compactRecord(r)), in: (rs) => (rs as CallRecord[]).map((r) => expandRecord(r)) };

const callOpts = z.strictObject({ timeoutMs: z.number().optional(), callId: z.string().optional() });

export const core = {
  hostInfo: command(returns<HostInfo>()),
  getWorkspace: command(returns<Workspace>()),
  addFolder: command(returns<Workspace>(), ['path', text]),
  removeFolder: command(returns<Workspace>(), ['path', text]),
  pickFolder: command(returns<string | null>()),
  selectSkill: command(returns<void>(), ['skillId', skillId.nullable()]),

  listSkills: command(returns<SkillSummary[]>()),
  readSkill: command(returns<SkillInfo>(), ['skillId', skillId]),
  inspectSkill: command(returns<SkillInfo>(), ['skillId', skillId]),
  setRunOnOpen: command(returns<Workspace>(), ['folder', text], ['on', flag]),
  startSkill: command(returns<void>(), ['skillId', skillId]),
  stopSkill: command(returns<void>(), ['skillId', skillId]),
  restartSkill: command(returns<void>(), ['skillId', skillId]),

  callTool: onTheWire(command(returns<CallRecord>(), ['skillId', skillId], ['tool', text], ['args', anyValue], ['opts', callOpts.optional()]), answer),
  cancelCall: command(returns<void>(), ['callId', text]),
  // Whole, as the skill answered it (its text as sent, not made again from its data): asked for on purpose, once.
  revealCall: inTheClear(command(returns<CallRecord | null>(), ['skillId', skillId], ['callId', text])),
  getCall: onTheWire(command(returns<CallRecord | null>(), ['skillId', skillId], ['callId', text]), record),
  getHistory: onTheWire(command(returns<CallRecord[]>(), ['skillId', skillId]), records),

  getLogs: command(returns<LogEntry[]>(), ['skillId', skillId]),
  clearLogs: command(returns<void>(), ['skillId', skillId]),
  getMessages: command(returns<MessageEntry[]>(), ['skillId', skillId]),
  getTimeline: command(returns<{ entries: TimelineEntry[]; ticks: TickState | null }>(), ['skillId', skillId]),

  setupStart: command(returns<SetupStep>(), ['skillId', skillId]),
  setupSubmit: command(returns<SetupResult>(), ['skillId', skillId], ['stepId', text], ['values', object]),
  setupCancel: command(returns<void>(), ['skillId', skillId]),
  getSetupConfiguration: command(returns<SetupConfiguration | null>(), ['skillId', skillId]),

  sessionStart: command(returns<string>(), ['skillId', skillId]),
  sessionEnd: command(returns<void>(), ['skillId', skillId]),
  transformMessage: command(returns<string | null>(), ['skillId', skillId], ['hook', z.enum(['beforeMessage', 'afterResponse'])], ['text', text]),

  pauseTicks: command(returns<void>(), ['skillId', skillId]),
  resumeTicks: command(returns<void>(), ['skillId', skillId]),
  tickNow: command(returns<void>(), ['skillId', skillId]),

  getData: command(returns<SkillData>(), ['skillId', skillId]),
  setState: command(returns<void>(), ['skillId', skillId], ['state', object]),
  readDataFile: command(returns<string>(), ['skillId', skillId], ['name', text]),

  startRecording: command(returns<RecordingInfo>(), ['skillId', skillId], ['name', text.optional()]),
  stopRecording: command(returns<RecordingInfo | null>(), ['skillId', skillId]),
  annotate: command(returns<void>(), ['skillId', skillId], ['text', text]),
  listRecordings: command(returns<RecordingInfo[]>()),

  getOptions: command(returns<SkillOption[]>(), ['skillId', skillId]),
  setOption: command(returns<SkillOptionsChange>(), ['skillId', skillId], ['name', text], ['value', anyValue]),
  resetOptions: command(returns<SkillOptionsChange>(), ['skillId', skillId], ['name', text.optional()]),

  getSkillSettings: command(returns<SkillSettings>(), ['skillId', skillId]),
  // What each setting may be is the settings parser's to say (runtime/settings-update.ts): it names the setting.
  updateSkillSettings: command(returns<SkillSettings>(), ['skillId', skillId], ['update', objectFor<SkillSettingsUpdate>()]),

  agentConfig: command(returns<AgentConfig>(), ['skillId', skillId]),
  installIntoAgent: command(returns<AgentInstall>(), ['skillId', skillId], ['client', z.enum(['claude', 'claude-code', 'cursor', 'vscode'])]),
};
