import { HardDrive } from 'lucide-react';
import { useDiskTrouble } from './disk-trouble-store';

/** Shown while the disk refuses a skill's files: calls go on, and the files note the gap once it takes writes again. */
export function DiskTroubleBanner() {
  const news = Object.values(useDiskTrouble((s) => s.bySkill));
  if (!news.length) return null;
  return (
    <div className="banner banner-warning" role="alert" data-testid="disk-trouble-banner">
      <HardDrive size={14} aria-hidden="true" />
      <div>
        {news.map((n) => (
          <div key={n.skillId}>{n.message}</div>
        ))}
      </div>
    </div>
  );
}
