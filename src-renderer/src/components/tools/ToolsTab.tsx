import { useShallow } from 'zustand/react/shallow';
import { Play, Wrench } from 'lucide-react';
import { useStore } from '../../store';
import { ToolList } from './ToolList';
import { ToolRequest } from './ToolRequest';
import { ToolResult } from './ToolResult';
import { EmptyState } from '../common/EmptyState';
import { ErrorNote } from '../common/ErrorNote';
import { Button } from '../common/Button';
import { Spinner } from '../common/Spinner';
import { loadInfo, startSkill } from '../../actions/workspace';
import { ReloadNotice } from '../authoring/ReloadNotice';
import { SavedRequests } from '../authoring/SavedRequests';
import { DiscoverActions } from '../agent/DiscoverActions';
import styles from './ToolsTab.module.css';
import toolsStyles from './tools.module.css';

export function ToolsTab({ skillId }: { skillId: string }) {
  const { info, error, loading, selected, setSelected, status } = useStore(
    useShallow((s) => ({
      info: s.infos[skillId],
      error: s.infoErrors[skillId],
      loading: s.infoLoading[skillId],
      selected: s.selectedTool[skillId],
      setSelected: s.setSelectedTool,
      status: s.skills.find((k) => k.id === skillId)?.status,
    })),
  );

  if (!info) {
    if (error) {
      return (
        <div className="panel-pad">
          <ErrorNote title="Could not read this skill" message={error}>
            <Button size="sm" onClick={() => void loadInfo(skillId, true)}>Try again</Button>
          </ErrorNote>
        </div>
      );
    }
    return (
      <div className="panel-loading">
        <Spinner /> {loading ? 'Reading the skill’s tools…' : 'Loading…'}
      </div>
    );
  }

  if (!info.tools.length) {
    const stopped = status === 'stopped' || status === 'crashed';
    return (
      <EmptyState
        icon={<Wrench size={22} />}
        title="No tools"
        action={
          stopped && info.capabilities.persistent ? (
            <Button variant="primary" icon={<Play size={13} />} onClick={() => void startSkill(skillId)}>Start the skill</Button>
          ) : info.protocol === 'action' ? (
            <DiscoverActions skillId={skillId} info={info} />
          ) : undefined
        }
      >
        {stopped && info.capabilities.persistent
          ? 'This skill reports its tools once it is running. Start it to see them.'
          : 'This skill does not declare any tools. Check its manifest, or look at the Logs tab for errors while it loaded.'}
      </EmptyState>
    );
  }

  // The form's values live in the store by skill and tool, and the request is keyed by them alone, so a
  // restart (a hot reload, Restart) that brings a new tool list keeps the form as it was.
  // The first of the skill's own tools, not one its SDK adds to every skill.
  const tool = info.tools.find((t) => t.name === selected) ?? info.tools.find((t) => t.origin !== 'sdk') ?? info.tools[0];
  return (
    <div className={styles.toolsTabWrap}>
      <ReloadNotice skillId={skillId} />
      <div className={toolsStyles.toolsTab}>
        <div className={toolsStyles.toolsSide}>
          <ToolList tools={info.tools} selected={tool.name} onSelect={(name) => setSelected(skillId, name)} />
          {info.protocol === 'action' && (
            <div className={styles.discoverRow}>
              <DiscoverActions skillId={skillId} info={info} />
            </div>
          )}
          <SavedRequests skillId={skillId} />
        </div>
        <div className={toolsStyles.toolWorkspace}>
          <ToolRequest key={`${skillId}:${tool.name}`} skillId={skillId} tool={tool} />
          <ToolResult skillId={skillId} tool={tool} />
        </div>
      </div>
    </div>
  );
}
