import type { SkillInfo } from '@contract';
import styles from './HostParityNote.module.css';
import skillStyles from './skill.module.css';

/**
 * Where the workbench runs a SkillDefinition skill unlike the real host (folded, since it is for the
 * curious), or that it runs it the real host's way (the skill's "Behave as the real host" setting).
 */
export function HostParityNote({ info }: { info: SkillInfo }) {
  const p = info.hostParity;
  if (!p) return null;
  if (p.on) {
    return (
      <p className={skillStyles.hostParityOn} data-testid="host-parity-on">
        Runs as the real host runs it (host parity).
      </p>
    );
  }
  if (!p.differences.length) return null;
  return (
    <details className={styles.hostParity} data-testid="host-parity-differences">
      <summary>Where the workbench differs from the real host ({p.differences.length})</summary>
      <ul>
        {p.differences.map((d, i) => (
          <li key={i}>{d}</li>
        ))}
      </ul>
      <p className="muted">To run it the real host's way, turn on "Behave as the real host" in its Settings.</p>
    </details>
  );
}
