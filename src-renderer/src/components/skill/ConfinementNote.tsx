import type { SkillInfo } from '@contract';

/** What the operating system enforces for a confined skill ("Confine this skill" in its Settings). */
export function ConfinementNote({ info }: { info: SkillInfo }) {
  if (!info.confinement) return null;
  return (
    <p className="host-parity-on" data-testid="confinement-note">
      {info.confinement}
    </p>
  );
}
