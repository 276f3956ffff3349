import { HardDrive } from 'lucide-react';
import { useStore } from '../../store';
import commonStyles from './common.module.css';

/**
 * Shown while the disk refuses a skill's files, until a write succeeds again: which files are not being kept,
 * and how many calls answered NOT_KEPT meanwhile (they ran; their results are in their answers, not the history).
 */
export function DiskTroubleBanner() {
  const bySkill = useStore((s) => s.diskTrouble);
  const notKept = useStore((s) => s.notKept);
  const news = Object.values(bySkill);
  if (!news.length) return null;
  return (
    <div className={`${commonStyles.banner} ${commonStyles.bannerWarning}`} role="alert" data-testid="disk-trouble-banner">
      <HardDrive size={14} aria-hidden="true" />
      <div>
        {news.map((n) => (
          <div key={n.skillId}>
            {n.message}
            {notKept[n.skillId] ? <strong data-testid="disk-not-kept">{` ${notKept[n.skillId]} ${notKept[n.skillId] === 1 ? 'call was' : 'calls were'} not kept.`}</strong> : null}
          </div>
        ))}
      </div>
    </div>
  );
}
