import { useMemo, useState, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { FilePlus2, FolderPlus, PanelLeftClose, PanelLeftOpen, Plug, Search } from 'lucide-react';
import type { SkillSummary } from '@contract';
import { useStore } from '../../store';
import { FolderGroup } from './FolderGroup';
import { OpenFolderDialog } from './OpenFolderDialog';
import { NewSkillDialog } from './NewSkillDialog';
import { AddServerDialog } from '../mcp/AddServerDialog';
import { ThemeToggle } from './ThemeToggle';
import { SidebarChatLinks } from './SidebarChatLinks';
import { NotSkillsGroup } from './NotSkillsGroup';
import { Button, IconButton } from '../common/Button';
import { Spinner } from '../common/Spinner';
import { openFolder, selectSkill } from '../../actions/workspace';
import { distinguishingFolders } from '../../lib/skill-places';
import { useSidebarCollapsed } from './use-collapsed';
import styles from './SkillsSidebar.module.css';

/** Arrow keys move the selection through every skill in every folder. */
function onListKey(e: KeyboardEvent<HTMLElement>) {
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[data-skill-button]')];
  if (!buttons.length) return;
  const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
  let next = 0;
  if (e.key === 'ArrowDown') next = i < 0 ? 0 : Math.min(buttons.length - 1, i + 1);
  else if (e.key === 'ArrowUp') next = i < 0 ? 0 : Math.max(0, i - 1);
  else if (e.key === 'End') next = buttons.length - 1;
  e.preventDefault();
  const b = buttons[next];
  b.focus();
  const id = b.closest<HTMLElement>('[data-skill-id]')?.dataset.skillId;
  if (id) selectSkill(id);
}

export function SkillsSidebar() {
  const { folders, skills, loaded, selectedId, connection, canPick } = useStore(
    useShallow((s) => ({
      folders: s.folders,
      skills: s.skills,
      loaded: s.skillsLoaded,
      selectedId: s.selectedSkillId,
      connection: s.connection,
      canPick: !!s.host?.canPickFolder,
    })),
  );
  const [dialog, setDialog] = useState(false);
  const [creating, setCreating] = useState(false);
  const [addingMcp, setAddingMcp] = useState(false);
  const [filter, setFilter] = useState('');
  const [collapsed, setCollapsed] = useSidebarCollapsed();

  // Status changes replace the skills array; the places only depend on names and folders.
  const placeKey = skills.map((k) => `${k.id}\u0000${k.name}\u0000${k.dir}`).join('\u0001');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const places = useMemo(() => distinguishingFolders(skills), [placeKey]);

  const groups = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const match = (k: SkillSummary) =>
      !q ||
      k.name.toLowerCase().includes(q) ||
      (k.description ?? '').toLowerCase().includes(q) ||
      // The path inside the workspace folder: what tells same-named copies apart.
      (k.dir.startsWith(k.root) ? k.dir.slice(k.root.length) : k.dir).toLowerCase().includes(q);
    const byRoot = new Map<string, SkillSummary[]>();
    for (const f of folders) byRoot.set(f, []);
    for (const k of skills) {
      if (!match(k)) continue;
      if (!byRoot.has(k.root)) byRoot.set(k.root, []);
      byRoot.get(k.root)!.push(k);
    }
    return [...byRoot.entries()].map(([folder, list]) => ({
      folder,
      removable: folders.includes(folder),
      skills: list.slice().sort((a, b) => a.name.localeCompare(b.name) || (places.get(a.id) ?? '').localeCompare(places.get(b.id) ?? '')),
    }));
  }, [folders, skills, filter, places]);

  const visible = groups.flatMap((g) => g.skills);
  const focusableId = visible.some((k) => k.id === selectedId) ? selectedId : visible[0]?.id ?? null;

  const onOpen = async () => {
    if ((await openFolder()) === 'dialog') setDialog(true);
  };

  const noFolders = loaded && folders.length === 0 && skills.length === 0;
  const dialogs = (
    <>
      <OpenFolderDialog open={dialog} onClose={() => setDialog(false)} />
      <NewSkillDialog open={creating} onClose={() => setCreating(false)} />
      {addingMcp && <AddServerDialog open onClose={() => setAddingMcp(false)} />}
    </>
  );

  if (collapsed) {
    // A rail: the way back, and what does not need the list.
    return (
      <nav className={`${styles.sidebar} ${styles.sidebarCollapsed}`} aria-label="Skills" id="skills-sidebar" data-testid="sidebar" data-collapsed="true">
        <IconButton label="Show the skills list" icon={<PanelLeftOpen size={16} />} onClick={() => setCollapsed(false)} aria-expanded={false} aria-controls="skills-sidebar" data-testid="sidebar-toggle" />
        <IconButton label="New skill" icon={<FilePlus2 size={15} />} onClick={() => setCreating(true)} data-testid="new-skill" disabled={!folders.length && !canPick} />
        <IconButton label="Open folder" icon={<FolderPlus size={15} />} onClick={() => void onOpen()} data-testid="open-folder" />
        <IconButton label="Add MCP servers" icon={<Plug size={15} />} onClick={() => setAddingMcp(true)} data-testid="add-mcp-server" />
        <span className="spacer" />
        <SidebarChatLinks rail />
        <ThemeToggle />
        {dialogs}
      </nav>
    );
  }

  return (
    <nav className={styles.sidebar} aria-label="Skills" id="skills-sidebar" data-testid="sidebar" data-collapsed="false">
      <div className={styles.sidebarHead}>
        <div className={styles.appTitle}>
          <span className={styles.appMark} aria-hidden="true" />
          Skill Workbench
        </div>
        <ThemeToggle />
        <IconButton label="Hide the skills list" icon={<PanelLeftClose size={16} />} onClick={() => setCollapsed(true)} aria-expanded={true} aria-controls="skills-sidebar" data-testid="sidebar-toggle" />
      </div>
      <div className={styles.sidebarSectionHead}>
        <h2 className={styles.sidebarTitle}>Skills</h2>
        <IconButton label="New skill" icon={<FilePlus2 size={15} />} onClick={() => setCreating(true)} data-testid="new-skill" disabled={!folders.length && !canPick} />
        <IconButton label="Open folder" icon={<FolderPlus size={15} />} onClick={() => void onOpen()} data-testid="open-folder" />
        <IconButton label="Add MCP servers" icon={<Plug size={15} />} onClick={() => setAddingMcp(true)} data-testid="add-mcp-server" />
      </div>
      {skills.length > 6 && (
        <div className={styles.sidebarFilter}>
          <Search size={13} aria-hidden="true" />
          <input
            type="search"
            aria-label="Filter skills"
            placeholder="Filter skills"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        </div>
      )}
      <div className={styles.sidebarBody} onKeyDown={onListKey}>
        {!loaded && connection !== 'unauthorised' && (
          <div className={styles.sidebarLoading}>
            <Spinner label="Loading skills" /> Loading skills…
          </div>
        )}
        {noFolders && (
          <div className={styles.sidebarEmpty}>
            <p>No folders open yet.</p>
            <Button size="sm" icon={<FolderPlus size={13} />} onClick={() => void onOpen()}>Open folder</Button>
          </div>
        )}
        {groups.map((g) => (
          <FolderGroup key={g.folder} folder={g.folder} skills={g.skills} selectedId={selectedId} focusableId={focusableId} removable={g.removable} places={places} filtered={!!filter.trim()} />
        ))}
        {loaded && <NotSkillsGroup workspaceKey={`${folders.join('\u0001')}\u0002${placeKey}`} />}
      </div>
      <SidebarChatLinks />
      {dialogs}
    </nav>
  );
}
