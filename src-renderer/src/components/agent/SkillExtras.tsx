import type { SkillInfo } from '@contract';
import { AgentPanel } from './AgentPanel';
import { ServiceBindings } from './ServiceBindings';

/** What some protocols say beyond the tools: an agent's agent.yaml, a namel3ss program's service bindings. */
export function SkillExtras({ skillId, info }: { skillId: string; info: SkillInfo }) {
  return (
    <>
      {info.agent && <AgentPanel skillId={skillId} agent={info.agent} />}
      {info.services && info.services.length > 0 && <ServiceBindings services={info.services} />}
    </>
  );
}
