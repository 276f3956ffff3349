/**
 * Every tab of a skill's developer view, declared once: its id, its label, when the skill has it, what it shows,
 * and its badge. The order here is the order on screen. The compiler holds the list to the store's `TabName`.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { SkillInfo, SkillSummary } from '@contract';
import type { TabName } from '../../store';
import { Spinner } from '../common/Spinner';
import { PartBoundary } from '../common/PartBoundary';
import { ToolsTab } from '../tools/ToolsTab';
import { SetupTab } from '../setup/SetupTab';
import { OptionsTab } from '../options/OptionsTab';
import { MessagesTab } from '../messages/MessagesTab';
import { TimelineTab } from '../timeline/TimelineTab';
import { SessionTab } from '../session/SessionTab';
import { DataTab } from '../data/DataTab';
import { RecordingsTab } from '../recordings/RecordingsTab';
import { DoctorTab } from '../authoring/DoctorTab';
import { InteropTab } from '../interop/InteropTab';
import { TriggersTab } from '../triggers/TriggersTab';
import { ResourcesTab } from '../mcp/ResourcesTab';
import { PromptsTab } from '../mcp/PromptsTab';
import { ServerTab } from '../mcp/ServerTab';
import { ChatTab } from '../chat/ChatTab';
import { McpSkillsTab } from '../mcp/McpSkillsTab';
import { DisclosureTab } from '../agent-skill/DisclosureTab';
import { ScriptsTab } from '../agent-skill/ScriptsTab';
import { CollisionsTab } from '../agent-skill/CollisionsTab';
import { EvalsTab } from '../agent-skill/EvalsTab';
import styles from './skill-tabs.module.css';

// xterm is only needed once someone opens the logs: it loads a moment after the first skill is shown, while the
// workbench is surely reachable (browser mode cannot fetch it once the server stops).
export const loadLogsTab = () => import('../logs/LogsTab');
const LazyLogsTab = lazy(loadLogsTab);

function LogsTab({ skillId }: { skillId: string }) {
  return (
    <PartBoundary what="log view">
      <Suspense fallback={<div className="panel-loading"><Spinner /> Loading the terminal…</div>}>
        <LazyLogsTab skillId={skillId} />
      </Suspense>
    </PartBoundary>
  );
}

/** What a badge may show. */
export interface BadgeFacts {
  summary: SkillSummary;
  info: SkillInfo | undefined;
  active: TabName;
  logUnseen: number;
  messageCount: number;
}

export interface SkillTab {
  id: TabName;
  label: string;
  /** Whether the skill has this tab (from what is known of it; undefined while it is being read). */
  when(info: SkillInfo | undefined): boolean;
  component: ComponentType<{ skillId: string }>;
  badge?(facts: BadgeFacts): ReactNode;
  /** What the tab shows that only the running skill can say: of a skill not running it offers Start instead (NotRunningTab). */
  running?: string;
}

const isMcp = (info: SkillInfo | undefined) => info?.protocol === 'mcp';
/** An Agent Skill's views are its own (what an agent reads, its scripts, validation, collisions): no Tools or Doctor. */
const isAgentSkill = (info: SkillInfo | undefined) => info?.protocol === 'agent-skill';
/** A skill's own capability (an MCP server's views are its own: resources, prompts, server). */
const has = (test: (c: SkillInfo['capabilities'], info: SkillInfo) => boolean) => (info: SkillInfo | undefined) =>
  !isMcp(info) && !!info && test(info.capabilities, info);

export const SKILL_TABS = [
  { id: 'disclosure', label: 'What an agent reads', when: isAgentSkill, component: DisclosureTab },
  { id: 'scripts', label: 'Scripts', when: isAgentSkill, component: ScriptsTab, badge: ({ info }) => info?.tools.length || undefined },
  { id: 'validation', label: 'Validation', when: isAgentSkill, component: DoctorTab },
  { id: 'collisions', label: 'Collisions', when: isAgentSkill, component: CollisionsTab },
  { id: 'evals', label: 'Evals', when: isAgentSkill, component: EvalsTab },
  { id: 'tools', label: 'Tools', when: (info) => !isAgentSkill(info), component: ToolsTab, badge: ({ info }) => info?.tools.length },
  { id: 'chat', label: 'Chat', when: () => true, component: ChatTab },
  { id: 'resources', label: 'Resources', when: isMcp, component: ResourcesTab, running: 'Its resources and resource templates' },
  { id: 'prompts', label: 'Prompts', when: isMcp, component: PromptsTab, running: 'Its prompts' },
  { id: 'skills', label: 'Skills', when: isMcp, component: McpSkillsTab, running: 'The skills it offers' },
  // The Server tab says itself what waits for the running server: its settings show whether it runs or not.
  { id: 'server', label: 'Server', when: isMcp, component: ServerTab },
  {
    id: 'setup', label: 'Setup', when: has((c) => !!c.setup), component: SetupTab,
    badge: ({ summary, info }) => (summary.status === 'needs-setup' || info?.needsSetup ? <span className={styles.badgeAttention}>!</span> : undefined),
  },
  { id: 'options', label: 'Options', when: has((c) => !!c.options), component: OptionsTab, running: 'Its options' },
  { id: 'triggers', label: 'Triggers', when: has((c) => !!c.triggers), component: TriggersTab, running: 'Its triggers' },
  {
    id: 'logs', label: 'Logs', when: () => true, component: LogsTab,
    badge: ({ logUnseen, active }) =>
      logUnseen > 0 && active !== 'logs' ? <span title={`${logUnseen} new lines since you last looked`}>{logUnseen > 999 ? '999+' : logUnseen}</span> : undefined,
  },
  { id: 'messages', label: 'Messages', when: () => true, component: MessagesTab, badge: ({ messageCount }) => (messageCount > 0 ? messageCount : undefined) },
  // An agent's schedules run like ticks, on the timeline; an MCP server's reads and prompts are on it too.
  { id: 'timeline', label: 'Timeline', when: (info) => isMcp(info) || has((c, i) => !!(c.ticks || c.sessions || i.agent?.schedules.length))(info), component: TimelineTab },
  { id: 'session', label: 'Session', when: has((c) => !!(c.sessions || c.messageHooks)), component: SessionTab },
  { id: 'data', label: 'Data', when: has((c) => !!(c.setup || c.sessions || c.ticks)), component: DataTab },
  { id: 'interop', label: 'Interop', when: has((c) => !!c.interop), component: InteropTab },
  { id: 'recordings', label: 'Recordings', when: () => true, component: RecordingsTab },
  { id: 'doctor', label: 'Doctor', when: (info) => !isAgentSkill(info), component: DoctorTab },
] as const satisfies readonly SkillTab[];

// Every tab name is registered, once.
type Missing = Exclude<TabName, (typeof SKILL_TABS)[number]['id']>;
const complete: [Missing] extends [never] ? true : { unregistered: Missing } = true;
void complete;

export function tabsOf(info: SkillInfo | undefined): SkillTab[] {
  return (SKILL_TABS as readonly SkillTab[]).filter((t) => t.when(info));
}
