import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { FilePlus2, FolderPlus, KeyRound, MousePointerClick } from 'lucide-react';
import { useStore } from '../store';
import { SkillsSidebar } from './sidebar/SkillsSidebar';
import { SkillView } from './skill/SkillView';
import { ConnectionBanner } from './common/ConnectionBanner';
import { DiskTroubleBanner } from './common/DiskTroubleBanner';
import { Toasts } from './common/Toasts';
import { EmptyState } from './common/EmptyState';
import { Button } from './common/Button';
import { OpenFolderDialog } from './sidebar/OpenFolderDialog';
import { NewSkillDialog } from './sidebar/NewSkillDialog';
import { openFolder } from '../actions/workspace';
import { McpRequests } from './mcp/McpRequests';
import { OAuthSignIns } from './mcp/OAuthSignIns';
import { WorkspaceChat } from './chat/WorkspaceChat';
import { ModelSettingsDialog } from './models/ModelSettingsDialog';
import { useChatStore } from '../store/chat-store';
import styles from './App.module.css';

function OpenFolderButton() {
  const [dialog, setDialog] = useState(false);
  return (
    <>
      <Button
        variant="primary"
        icon={<FolderPlus size={14} />}
        onClick={() => {
          void openFolder().then((how) => {
            if (how === 'dialog') setDialog(true);
          });
        }}
      >
        Open folder
      </Button>
      <OpenFolderDialog open={dialog} onClose={() => setDialog(false)} />
    </>
  );
}

function NewSkillButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="primary" icon={<FilePlus2 size={14} />} onClick={() => setOpen(true)}>
        New skill
      </Button>
      <NewSkillDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function baseName(p: string): string {
  return p.replace(/[\\/]+$/, '').split(/[\\/]/).pop() || p;
}

function MainArea() {
  const { selected, exists, loaded, count, connection, detail, folders } = useStore(
    useShallow((s) => ({
      connection: s.connection,
      detail: s.connectionDetail,
      selected: s.selectedSkillId,
      exists: !!s.selectedSkillId && s.skills.some((k) => k.id === s.selectedSkillId),
      loaded: s.skillsLoaded,
      count: s.skills.length,
      folders: s.folders,
    })),
  );
  const workspaceChat = useChatStore((s) => s.workspaceOpen);
  if (workspaceChat) return <WorkspaceChat />;
  if (selected && exists) return <SkillView key={selected} skillId={selected} />;
  if (!loaded && connection === 'unauthorised') {
    return (
      <main className={styles.mainEmpty} aria-label="Workbench">
        <EmptyState icon={<KeyRound size={28} />} title="This page needs its access link">
          {detail ?? 'Open the address that “skillbench serve” printed in the terminal; it ends in ?token=….'}
        </EmptyState>
      </main>
    );
  }
  if (!loaded) return <main className={styles.mainEmpty} aria-label="Workbench" />;
  return (
    <main className={styles.mainEmpty} aria-label="Workbench">
      {count === 0 && folders.length > 0 ? (
        <EmptyState icon={<FolderPlus size={28} />} title={folders.length === 1 ? `No skills in ${baseName(folders[0])}` : 'No skills in the open folders'} action={<NewSkillButton />}>
          The workbench looked for skill folders (manifest.json, skill.py, agent.yaml, .ai apps) in {folders.join(', ')} and
          found none. Create one here, or open another folder from the sidebar.
        </EmptyState>
      ) : count === 0 ? (
        <EmptyState icon={<FolderPlus size={28} />} title="Open a folder of skills" action={<OpenFolderButton />}>
          The workbench finds every skill in the folder — subprocess JSON-RPC tools, SkillDefinition skills, namel3ss
          tools and action skills — so you can run, debug and set them up.
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
    <div className={styles.app}>
      <ConnectionBanner />
      <DiskTroubleBanner />
      <div className={styles.appBody}>
        <SkillsSidebar />
        <MainArea />
      </div>
      <McpRequests />
      <OAuthSignIns />
      <ModelSettingsDialog />
      <Toasts />
    </div>
  );
}
