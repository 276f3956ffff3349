import { useEffect, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useStore, type SkillViewMode, type TabName } from '../../store';
import { SkillHeader } from './SkillHeader';
import { SimpleView } from './SimpleView';
import { needsSetup, viewModeOf } from './view-mode';
import { useMediaQuery } from '../../lib/use-media-query';
import { Tabs, TabPanel, type TabDef } from '../common/Tabs';
import { loadLogsTab, tabsOf } from './skill-tabs';
import { NotRunningTab } from '../common/NotRunningTab';
import { isAlive } from '../../../../src-main/common/skill-status';
import { useDomId } from '../../lib/use-dom-id';
// Global class names kept beside the module classes: .skill-tabs is styled in its context by Tabs.module.css.
import styles from './SkillView.module.css';
import skillStyles from './skill.module.css';

const PREFETCH_MS = 1500;

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
  const { summary, info, tab, setTab, markDevTabsUsed, logUnseen, messageCount } = useStore(
    useShallow((s) => ({
      summary: s.skills.find((k) => k.id === skillId),
      info: s.infos[skillId],
      tab: s.activeTab[skillId],
      setTab: s.setActiveTab,
      markDevTabsUsed: s.markDevTabsUsed,
      logUnseen: s.logCounters[skillId]?.lines ?? 0,
      messageCount: s.messageCounts[skillId] ?? 0,
    })),
  );
  const available = useMemo(() => tabsOf(info), [info]);
  const names = useMemo(() => available.map((t) => t.id), [available]);
  // The first tab where the skill has no Tools (an Agent Skill opens on what an agent reads).
  const active: TabName = tab && names.includes(tab) ? tab : names.includes('tools') ? 'tools' : (names[0] ?? 'tools');
  const tabsRef = useRef<HTMLDivElement>(null);

  // On one scrolling row, the chosen tab is kept in sight.
  useEffect(() => {
    if (compact) tabsRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [compact, active]);

  useEffect(() => {
    const t = setTimeout(() => void loadLogsTab().catch(() => undefined), PREFETCH_MS);
    return () => clearTimeout(t);
  }, []);

  const prefix = useDomId('skill');
  // Opening a skill that needs setup lands on the wizard.
  useEffect(() => {
    if (!tab && info?.capabilities.setup && (info.needsSetup || summary?.status === 'needs-setup')) setTab(skillId, 'setup');
  }, [tab, info, summary?.status, skillId, setTab]);

  if (!summary) return null;
  const facts = { summary, info, active, logUnseen, messageCount };
  const tabs: TabDef<TabName>[] = available.map((t) => ({ id: t.id, label: t.label, badge: t.badge?.(facts) }));
  const shown = available.find((t) => t.id === active);
  const Shown = shown?.component;
  // A look starts nothing: a tab of what only the running skill says offers Start instead.
  // Starting or restarting (changed settings, roots) keeps the tab: what it shows waits for the skill, and what the
  // user just did there (a saved form's status) stays in view.
  const notRunning = shown?.running && !isAlive(summary.status) ? shown.running : null;

  return (
    <main className={`${skillStyles.skillView} skill-view${compact ? ` ${skillStyles.isCompact}` : ''}`} aria-label={summary.name} data-view="developer">
      <SkillHeader summary={summary} info={info} compact={compact} />
      <div ref={tabsRef} className={styles.skillTabsRow}>
        <Tabs
          tabs={tabs}
          active={active}
          onChange={(t) => {
            // Moving between tabs says the user works with them: a skill that needs setup then opens with them too.
            markDevTabsUsed();
            setTab(skillId, t);
          }}
          idPrefix={prefix}
          className={`${skillStyles.skillTabs} skill-tabs`}
        />
      </div>
      <TabPanel idPrefix={prefix} id={active} className={`panel-${active}`}>
        {notRunning ? <NotRunningTab summary={summary} what={notRunning} /> : Shown && <Shown skillId={skillId} />}
      </TabPanel>
    </main>
  );
}
