import { useState } from 'react';
import { Play } from 'lucide-react';
import type { SkillSummary } from '@contract';
import { startSkill } from '../../actions/workspace';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { isTransitioning } from '../../../../src-main/common/skill-status';

/**
 * A tab of what only a running skill can say (an MCP server's resources, prompts, skills and capabilities; a
 * SkillDefinition skill's options and triggers), for a skill that is not running: looking starts nothing, so the
 * tab says so and offers Start. The engine answers the same ("not running: start it") to a window that asks anyway.
 */
export function NotRunningTab({ summary, what }: { summary: SkillSummary; what: string }) {
  const [busy, setBusy] = useState(false);
  const starting = busy || isTransitioning(summary.status);
  const which = summary.protocol === 'mcp' ? 'server' : 'skill';
  const start = async () => {
    setBusy(true);
    await startSkill(summary.id);
    setBusy(false);
  };
  return (
    <div data-testid="not-running" data-status={summary.status}>
      <EmptyState
        icon={<Play size={22} />}
        title={summary.status === 'crashed' ? `${summary.name} stopped` : `${summary.name} is not running`}
        action={
          <Button variant="primary" icon={<Play size={12} />} onClick={() => void start()} busy={starting} disabled={starting} data-testid="not-running-start">
            Start {summary.name}
          </Button>
        }
      >
        {what} come from the running {which}, and opening this tab starts nothing. Start it to see them.
      </EmptyState>
    </div>
  );
}
