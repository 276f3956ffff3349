import type { SkillInfo } from '@contract';
import skillStyles from './skill.module.css';

/** What the operating system enforces for a confined skill ("Confine this skill" in its Settings). */
export function ConfinementNote({ info }: { info: SkillInfo }) {
  if (!info.confinement) return null;
  return (
    <p className={skillStyles.hostParityOn} data-testid="confinement-note">
      {info.confinement}
    </p>
  );
}
