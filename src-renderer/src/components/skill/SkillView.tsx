import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SkillInfo } from '@contract';
import { useStore, type SkillViewMode, type TabName } from '../../store';
import { SkillHeader } from './SkillHeader';
import { SimpleView } from './SimpleView';
import { needsSetup, viewModeOf } from './view-mode';
import { useMediaQuery } from '../../lib/use-media-query';
import { Tabs, TabPanel, type TabDef } from '../common/Tabs';
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

// xterm is only needed once someone opens the logs: it loads a moment after the first skill is shown, while the
// workbench is surely reachable (browser mode cannot fetch it once the server stops).
const loadLogsTab = () => import('../logs/LogsTab');
const LogsTab = lazy(loadLogsTab);
const PREFETCH_MS = 1500;

function availableTabs(info: SkillInfo | undefined): TabName[] {
  // An MCP server: what it offers beyond tools has its own views; reads and prompts are on its timeline.
  if (info?.protocol === 'mcp') return ['tools', 'resources', 'prompts', 'server', 'logs', 'messages', 'timeline', 'recordings', 'doctor'];
  const c = info?.capabilities;
  const tabs: TabName[] = ['tools'];
  if (c?.setup) tabs.push('setup');
  if (c?.options) tabs.push('options');
  if (c?.triggers) tabs.push('triggers');
  tabs.push('logs', 'messages');
  // An agent's schedules run like ticks, on the timeline.
  if (c?.ticks || c?.sessions || info?.agent?.schedules.length) tabs.push('timeline');
  if (c?.sessions || c?.messageHooks) tabs.push('session');
  if (c?.setup || c?.sessions || c?.ticks) tabs.push('data');
  if (c?.interop) tabs.push('interop');
  tabs.push('recordings', 'doctor');
  return tabs;
}

const LABELS: Record<TabName, string> = {
  tools: 'Tools',
  setup: 'Setup',
  options: 'Options',
  triggers: 'Triggers',
  logs: 'Logs',
  messages: 'Messages',
  timeline: 'Timeline',
  session: 'Session',
  data: 'Data',
  recordings: 'Recordings',
  doctor: 'Doctor',
  interop: 'Interop',
  resources: 'Resources',
  prompts: 'Prompts',
  server: 'Server',
};

/** The view each skill opened in, while the app is open (until the user picks one with the switch). */
const openedAs = new Map<string, SkillViewMode>();

/** A small or short window: the header folds its details away and the tabs keep to one row that scrolls. */
const COMPACT = '(max-width: 1100px), (max-height: 760px)';

export function SkillView({ skillId }: { skillId: string }) {
  const { summary, info, viewChoice, devTabsUsed } = useStore(
    useShallow((s) => ({
      summary: s.skills.find((k) => k.id === skillId),
      info: s.infos[skillId],
      viewChoice: s.viewChoice,
      devTabsUsed: s.devTabsUsed,
    })),
  );
  const compact = useMediaQuery(COMPACT);
  if (!summary) return null;
  const mode = viewChoice ?? openedAs.get(skillId) ?? viewModeOf(null, devTabsUsed, info ? needsSetup(summary, info) : summary.status === 'needs-setup');
  // Decided once the skill is known: a setup completed in the simple view leaves the user there, not in the tabs.
  if (!viewChoice && info && !openedAs.has(skillId)) openedAs.set(skillId, mode);
  return mode === 'simple' ? <SimpleView summary={summary} info={info} /> : <DeveloperView skillId={skillId} compact={compact} />;
}

/** Every tab of the skill, under the full header. */
function DeveloperView({ skillId, compact }: { skillId: string; compact: boolean }) {
  const { summary, info, tab, setTab, markDevTabsUsed, logUnseen, messageCount, toolCount } = useStore(
    useShallow((s) => ({
      summary: s.skills.find((k) => k.id === skillId),
      info: s.infos[skillId],
      tab: s.activeTab[skillId],
      setTab: s.setActiveTab,
      markDevTabsUsed: s.markDevTabsUsed,
      logUnseen: s.logCounters[skillId]?.lines ?? 0,
      messageCount: s.messageCounts[skillId] ?? 0,
      toolCount: s.infos[skillId]?.tools.length,
    })),
  );
  const names = useMemo(() => availableTabs(info), [info]);
  const active: TabName = tab && names.includes(tab) ? tab : 'tools';
  const tabsRef = useRef<HTMLDivElement>(null);

  // On one scrolling row, the chosen tab is kept in sight.
  useEffect(() => {
    if (compact) tabsRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [compact, active]);

  useEffect(() => {
    const t = setTimeout(() => void loadLogsTab().catch(() => undefined), PREFETCH_MS);
    return () => clearTimeout(t);
  }, []);

  // Opening a skill that needs setup lands on the wizard.
  useEffect(() => {
    if (!tab && info?.capabilities.setup && (info.needsSetup || summary?.status === 'needs-setup')) setTab(skillId, 'setup');
  }, [tab, info, summary?.status, skillId, setTab]);

  if (!summary) return null;
  const tabs: TabDef<TabName>[] = names.map((id) => ({
    id,
    label: LABELS[id],
    badge:
      id === 'tools' && toolCount !== undefined ? toolCount
      : id === 'logs' && logUnseen > 0 && active !== 'logs' ? <span title={`${logUnseen} new lines since you last looked`}>{logUnseen > 999 ? '999+' : logUnseen}</span>
      : id === 'messages' && messageCount > 0 ? messageCount
      : id === 'setup' && (summary.status === 'needs-setup' || info?.needsSetup) ? <span className="badge-attention">!</span>
      : undefined,
  }));
  const prefix = `skill-${skillId.replace(/[^a-zA-Z0-9_-]/g, '_')}`;

  return (
    <main className={`skill-view${compact ? ' is-compact' : ''}`} aria-label={summary.name} data-view="developer">
      <SkillHeader summary={summary} info={info} compact={compact} />
      <div ref={tabsRef} className="skill-tabs-row">
        <Tabs
          tabs={tabs}
          active={active}
          onChange={(t) => {
            // Moving between tabs says the user works with them: a skill that needs setup then opens with them too.
            markDevTabsUsed();
            setTab(skillId, t);
          }}
          idPrefix={prefix}
          className="skill-tabs"
        />
      </div>
      <TabPanel idPrefix={prefix} id={active} className={`panel-${active}`}>
        {active === 'tools' && <ToolsTab skillId={skillId} />}
        {active === 'setup' && <SetupTab skillId={skillId} />}
        {active === 'options' && <OptionsTab skillId={skillId} />}
        {active === 'triggers' && <TriggersTab skillId={skillId} />}
        {active === 'logs' && (
          <PartBoundary what="log view">
            <Suspense fallback={<div className="panel-loading"><Spinner /> Loading the terminal…</div>}>
              <LogsTab skillId={skillId} />
            </Suspense>
          </PartBoundary>
        )}
        {active === 'messages' && <MessagesTab skillId={skillId} />}
        {active === 'timeline' && <TimelineTab skillId={skillId} />}
        {active === 'session' && <SessionTab skillId={skillId} />}
        {active === 'data' && <DataTab skillId={skillId} />}
        {active === 'recordings' && <RecordingsTab skillId={skillId} />}
        {active === 'doctor' && <DoctorTab skillId={skillId} />}
        {active === 'interop' && <InteropTab skillId={skillId} />}
        {active === 'resources' && <ResourcesTab skillId={skillId} />}
        {active === 'prompts' && <PromptsTab skillId={skillId} />}
        {active === 'server' && <ServerTab skillId={skillId} />}
      </TabPanel>
    </main>
  );
}
