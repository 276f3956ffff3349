import { useMemo } from 'react';
import { useStore } from '../../store';
import { ChatPanel } from './ChatPanel';

/** A skill's Chat tab: the model in use with this skill's tools and message hooks. */
export function ChatTab({ skillId }: { skillId: string }) {
  const name = useStore((s) => s.skills.find((k) => k.id === skillId)?.name ?? skillId);
  const target = useMemo(() => ({ skillId }), [skillId]);
  const ids = useMemo(() => [skillId], [skillId]);
  return <ChatPanel target={target} skillIds={ids} about={name} />;
}
