import type { SkillStatus } from '@contract';
import { Play, RotateCw, Square } from 'lucide-react';
import { Button, IconButton } from '../common/Button';
import { restartSkill, startSkill, stopSkill } from '../../actions/workspace';

import { isAlive, isTransitioning } from '../../../../src-main/common/skill-status';
import skillStyles from './skill.module.css';

/**
 * Start / stop / restart, enabled according to the status: icons in the list, labelled buttons in the header. Start
 * and Stop are different elements (keyed), so a press aimed at Start never lands on the Stop it has just become.
 */
export function SkillControls({ skillId, name, status, variant = 'icons', restart = true, compact = false }: {
  skillId: string;
  name: string;
  status: SkillStatus;
  variant?: 'icons' | 'buttons';
  /** The simple view offers start and stop alone. */
  restart?: boolean;
  /** A compact header: Restart as its icon (its name stays for screen readers and as its tooltip). */
  compact?: boolean;
}) {
  const running = isAlive(status);
  const transitioning = isTransitioning(status);
  if (variant === 'buttons') {
    return (
      <span className={skillStyles.skillControls}>
        {running ? (
          <Button key="stop" size="sm" icon={<Square size={11} />} onClick={() => void stopSkill(skillId)} aria-label={`Stop ${name}`} data-testid="skill-stop">
            Stop
          </Button>
        ) : (
          <Button key="start" size="sm" variant="primary" icon={<Play size={12} />} onClick={() => void startSkill(skillId)} aria-label={`Start ${name}`} data-testid="skill-start">
            Start
          </Button>
        )}
        {restart && (
          <Button size="sm" icon={<RotateCw size={12} />} onClick={() => void restartSkill(skillId)} disabled={transitioning} aria-label={`Restart ${name}`} title={compact ? 'Restart' : undefined} data-testid="skill-restart">
            {compact ? undefined : 'Restart'}
          </Button>
        )}
      </span>
    );
  }
  return (
    <span className={skillStyles.skillControls}>
      {running ? (
        <IconButton size="sm" label={`Stop ${name}`} icon={<Square size={12} />} onClick={() => void stopSkill(skillId)} />
      ) : (
        <IconButton size="sm" tone="accent" label={`Start ${name}`} icon={<Play size={13} />} onClick={() => void startSkill(skillId)} />
      )}
      <IconButton size="sm" label={`Restart ${name}`} icon={<RotateCw size={13} />} onClick={() => void restartSkill(skillId)} disabled={transitioning} />
    </span>
  );
}
