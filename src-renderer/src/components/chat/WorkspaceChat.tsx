/**
 * The workspace chat: the model in use with the tools of several open skills at once, named `<skill>__<tool>` as
 * an agent's host names them, and every skill's message hooks in turn. Shown in the main area, from the sidebar.
 */
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { X } from 'lucide-react';
import { isUp } from '../../../../src-main/common/skill-status';
import { useStore } from '../../store';
import { useChatStore } from '../../store/chat-store';
import { IconButton } from '../common/Button';
import { ChatPanel } from './ChatPanel';
import styles from './WorkspaceChat.module.css';

export function WorkspaceChat() {
  const skills = useStore((s) => s.skills);
  const { picked, setPicked, setOpen } = useChatStore(useShallow((s) => ({ picked: s.workspaceSkills, setPicked: s.setWorkspaceSkills, setOpen: s.setWorkspaceOpen })));
  // Until the user picks, the skills up now.
  const chosen = useMemo(() => (picked ?? skills.filter((k) => isUp(k.status)).map((k) => k.id)).filter((id) => skills.some((k) => k.id === id)), [picked, skills]);
  const target = useMemo(() => ({ skills: chosen }), [chosen]);
  const toggle = (id: string, on: boolean) => setPicked(on ? [...chosen, id] : chosen.filter((x) => x !== id));

  return (
    <main className={styles.workspaceChat} aria-labelledby="workspace-chat-title" data-testid="workspace-chat">
      <header className={styles.head}>
        <div className={styles.title}>
          <h1 id="workspace-chat-title">Chat with the workspace</h1>
          <p className="field-help">
            The model gets the tools of the skills you tick, each named <code>skill__tool</code> as an agent’s host names them;
            every chosen skill’s message hooks run in turn.
          </p>
        </div>
        <IconButton label="Close the workspace chat" icon={<X size={16} />} worksOffline onClick={() => setOpen(false)} data-testid="workspace-chat-close" />
      </header>
      <fieldset className={styles.pick}>
        <legend className="sr-only">Skills the model may use</legend>
        {skills.length === 0 && <span className="field-help">No skills are open.</span>}
        {skills.map((k) => (
          <label key={k.id} className={styles.chip} data-checked={chosen.includes(k.id)}>
            <input type="checkbox" checked={chosen.includes(k.id)} onChange={(e) => toggle(k.id, e.target.checked)} data-testid="workspace-chat-skill" />
            <span className={`status-dot status-${k.status}`} aria-hidden="true" />
            {k.name}
          </label>
        ))}
      </fieldset>
      <ChatPanel target={target} skillIds={chosen} about="the skills you ticked" disabledReason={chosen.length ? undefined : 'Tick at least one skill above first'} />
    </main>
  );
}
