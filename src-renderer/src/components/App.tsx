import { useShallow } from 'zustand/react/shallow';
import { FolderPlus, MousePointerClick } from 'lucide-react';
import { useStore } from '../store';
import { SkillsSidebar } from './sidebar/SkillsSidebar';
import { SkillView } from './skill/SkillView';
import { ConnectionBanner } from './common/ConnectionBanner';
import { Toasts } from './common/Toasts';
import { EmptyState } from './common/EmptyState';

function MainArea() {
  const { selected, exists, loaded, count } = useStore(
    useShallow((s) => ({
      selected: s.selectedSkillId,
      exists: !!s.selectedSkillId && s.skills.some((k) => k.id === s.selectedSkillId),
      loaded: s.skillsLoaded,
      count: s.skills.length,
    })),
  );
  if (selected && exists) return <SkillView key={selected} skillId={selected} />;
  if (!loaded) return <main className="main-empty" aria-label="Workbench" />;
  return (
    <main className="main-empty" aria-label="Workbench">
      {count === 0 ? (
        <EmptyState icon={<FolderPlus size={28} />} title="Open a folder of skills">
          Use <strong>Open folder</strong> in the sidebar to add a folder. The workbench finds every skill in it — subprocess
          JSON-RPC tools, SkillDefinition skills, namel3ss tools and action skills — and lets you run, debug and set them up.
        </EmptyState>
      ) : (
        <EmptyState icon={<MousePointerClick size={28} />} title="Pick a skill">
          Choose a skill in the sidebar to see its tools, logs and messages.
        </EmptyState>
      )}
    </main>
  );
}

export function App() {
  return (
    <div className="app">
      <ConnectionBanner />
      <div className="app-body">
        <SkillsSidebar />
        <MainArea />
      </div>
      <Toasts />
    </div>
  );
}
