/** The sidebar's way to what is the workspace's, not one skill's: the workspace chat and the models it uses. */
import { Bot, MessagesSquare } from 'lucide-react';
import { openModels, openWorkspaceChat } from '../../actions/chat';
import { useChatStore } from '../../store/chat-store';
import { IconButton } from '../common/Button';
import styles from './SidebarChatLinks.module.css';

export function SidebarChatLinks({ rail }: { rail?: boolean }) {
  const open = useChatStore((s) => s.workspaceOpen);
  if (rail) {
    return (
      <>
        <IconButton label="Chat with the workspace" icon={<MessagesSquare size={15} />} onClick={openWorkspaceChat} aria-pressed={open} data-testid="open-workspace-chat" />
        <IconButton label="Models" icon={<Bot size={15} />} onClick={openModels} data-testid="open-models" />
      </>
    );
  }
  return (
    <div className={styles.links}>
      <button type="button" className={styles.link} onClick={openWorkspaceChat} aria-current={open ? 'page' : undefined} data-testid="open-workspace-chat">
        <MessagesSquare size={14} aria-hidden="true" /> Chat with the workspace
      </button>
      <button type="button" className={styles.link} onClick={openModels} data-testid="open-models">
        <Bot size={14} aria-hidden="true" /> Models
      </button>
    </div>
  );
}
