/**
 * A conversation with the model in use, over a chat target (one skill, or the workspace's chosen skills): the
 * turns as cards, a composer with Send and Stop, the step cap, and the model in use with the way to change it.
 * Without a model it says so and offers the Models dialog.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Bot, Eraser, Send, Settings2, Square } from 'lucide-react';
import type { ChatTargetRef } from '@contract';
import { useQuery } from '../../data';
import { conversationKey, openCallInTools, openModels, sendChat, stopChat } from '../../actions/chat';
import { emptyConversation, useChatStore } from '../../store/chat-store';
import { isRunning } from '../../lib/chat-view';
import { useDomId } from '../../lib/use-dom-id';
import { Button } from '../common/Button';
import { EmptyState } from '../common/EmptyState';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { ChatTurn } from './ChatTurn';
import styles from './ChatPanel.module.css';

const DEFAULT_STEPS = 8;

export function ChatPanel({ target, skillIds, about, disabledReason }: {
  target: ChatTargetRef;
  /** The skills the chat's tool calls run in (to open a call in its Tools tab). */
  skillIds: readonly string[];
  /** What an empty conversation says it is for. */
  about: string;
  /** Why nothing can be sent now (no skill chosen), if so. */
  disabledReason?: string;
}) {
  const key = conversationKey(target);
  const conv = useChatStore((s) => s.conversations[key] ?? emptyConversation);
  const setMaxSteps = useChatStore((s) => s.setMaxSteps);
  const clear = useChatStore((s) => s.clear);
  const settings = useQuery('getModelSettings', []);
  const [text, setText] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const id = useDomId('chat');
  const running = conv.turns.find(isRunning);
  const profile = settings.data?.profiles.find((p) => p.id === settings.data?.inUse);

  // Follow the conversation as it grows, unless the user scrolled up to read.
  const stick = useRef(true);
  useEffect(() => {
    const el = logRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [conv.turns]);

  if (!settings.data) {
    if (settings.error) return <div className="panel-pad"><ErrorNote title="The models could not be read" message={settings.error} /></div>;
    return <div className="panel-loading"><Spinner /> Reading the models…</div>;
  }
  if (!profile) {
    return (
      <div className={styles.chatEmpty} data-testid="chat-no-model">
        <EmptyState
          icon={<Bot size={28} />}
          title="No model is set up yet"
          action={<Button variant="primary" icon={<Settings2 size={14} />} onClick={openModels} data-testid="chat-set-up-model">Set up a model</Button>}
        >
          The chat sends your message to a model that can call the tools of {about}. Add one first: OpenAI, Anthropic, OpenRouter, or a server on
          this machine such as Ollama or LM Studio.
        </EmptyState>
      </div>
    );
  }

  const send = () => {
    const message = text.trim();
    if (!message || running || disabledReason) return;
    setText('');
    stick.current = true;
    void sendChat(target, message);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  const steps = conv.maxSteps;

  return (
    <div className={styles.chat} data-testid="chat">
      <div className={`toolbar ${styles.bar}`}>
        <span className={styles.modelInUse}>
          <Bot size={14} aria-hidden="true" />
          <span className="sr-only">Model in use:</span>
          <button type="button" className="link-btn" onClick={openModels} title="Change the model in Models" data-testid="chat-model">
            {profile.label ?? profile.model}
          </button>
        </span>
        <label className={styles.steps} htmlFor={`${id}-steps`}>
          Steps per turn
          <input
            id={`${id}-steps`}
            className="input input-sm"
            type="number"
            min={1}
            max={100}
            value={steps ?? ''}
            placeholder={String(profile.maxSteps ?? DEFAULT_STEPS)}
            onChange={(e) => {
              const n = Number.parseInt(e.target.value, 10);
              setMaxSteps(key, Number.isInteger(n) && n >= 1 && n <= 100 ? n : undefined);
            }}
            data-testid="chat-max-steps"
          />
        </label>
        <span className="spacer" />
        <Button size="sm" variant="ghost" icon={<Eraser size={13} />} onClick={() => clear(key)} disabled={!conv.turns.length || !!running} worksOffline data-testid="chat-clear">
          Clear
        </Button>
      </div>

      <div
        ref={logRef}
        className={styles.log}
        role="log"
        aria-label="Conversation"
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
        data-testid="chat-log"
      >
        {conv.turns.length === 0 ? (
          <p className={styles.intro}>
            Ask something {about} can help with. Your message goes through the skill’s beforeMessage hook where it has one;
            the model answers with the tools, each call run and recorded here as from the Tools tab; its answer goes through
            afterResponse. Each step shows below as a card.
          </p>
        ) : (
          conv.turns.map((t) => <ChatTurn key={t.chatId} turn={t} skillIds={skillIds} onOpenCall={(skill, call) => void openCallInTools(skill, call)} />)
        )}
      </div>

      <form
        className={styles.composer}
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <label className="sr-only" htmlFor={`${id}-message`}>Message</label>
        <textarea
          id={`${id}-message`}
          className="input textarea"
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          placeholder={disabledReason ?? 'Write a message. Enter sends, Shift+Enter starts a new line'}
          aria-describedby={disabledReason ? `${id}-why` : undefined}
          data-testid="chat-input"
        />
        {running ? (
          <Button variant="danger" icon={<Square size={12} />} onClick={() => void stopChat(running.chatId)} data-testid="chat-stop">
            Stop
          </Button>
        ) : (
          <Button type="submit" variant="primary" icon={<Send size={13} />} disabled={!text.trim() || !!disabledReason} data-testid="chat-send">
            Send
          </Button>
        )}
        {disabledReason && <span id={`${id}-why`} className="sr-only">{disabledReason}</span>}
      </form>
    </div>
  );
}
