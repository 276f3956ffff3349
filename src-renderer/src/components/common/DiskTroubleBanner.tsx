import { HardDrive } from 'lucide-react';
import { useStore } from '../../store';
import commonStyles from './common.module.css';

/** Shown while the disk refuses a skill's files: calls go on, and the files note the gap once it takes writes again. */
export function DiskTroubleBanner() {
  const bySkill = useStore((s) => s.diskTrouble);
  const news = Object.values(bySkill);
  if (!news.length) return null;
  return (
    <div className={`${commonStyles.banner} ${commonStyles.bannerWarning}`} role="alert" data-testid="disk-trouble-banner">
      <HardDrive size={14} aria-hidden="true" />
      <div>
        {news.map((n) => (
          <div key={n.skillId}>{n.message}</div>
        ))}
      </div>
    </div>
  );
}
