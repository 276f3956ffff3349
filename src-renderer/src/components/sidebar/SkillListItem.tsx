import { runsHere } from '../../../../src-main/common/skill-status';
import { memo } from 'react';
import { Folder } from 'lucide-react';
import type { SkillSummary } from '@contract';
import { ProtocolBadge, StatusDot, StatusText } from '../skill/StatusBadge';
import { SkillControls } from '../skill/SkillControls';
import { CrashChip } from '../skill/CrashBadge';
import { selectSkill } from '../../actions/workspace';
import { basename } from '../../lib/format';
// Global class names kept beside the module classes: tests select .skill-item-name.
import styles from './SkillListItem.module.css';

/** Protocols whose skill is a folder of its own (the others name a script or a server within one). */
const OWN_FOLDER = new Set<SkillSummary['protocol']>(['jsonrpc', 'skilldef', 'namel3ss']);
const plain = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The folder a skill lives in, where its display name does not say it ("Watchlist Pro" in skills/wl2): what the
 * user sees in their files and terminal. "Price alerts" in price-alerts says it already.
 */
export function folderIfDifferent(skill: SkillSummary): string | undefined {
  if (!OWN_FOLDER.has(skill.protocol)) return undefined;
  const folder = basename(skill.dir);
  return plain(folder) === plain(skill.name) ? undefined : folder;
}

/** The full path first (what tells copies apart), then what the skill says it does. */
function tooltip(skill: SkillSummary): string {
  return skill.description ? `${skill.dir}\n${skill.description}` : skill.dir;
}

export const SkillListItem = memo(function SkillListItem({ skill, selected, focusable, place }: {
  skill: SkillSummary;
  selected: boolean;
  focusable: boolean;
  /** Where another skill has the same name: the folder that tells this one apart. */
  place?: string;
}) {
  const folder = place ?? folderIfDifferent(skill);
  return (
    <li className={`${styles.skillItem} skill-item${selected ? ' selected' : ''}`} data-testid="skill-item" data-skill-id={skill.id}>
      <button
        type="button"
        className={styles.skillItemMain}
        aria-current={selected ? 'true' : undefined}
        data-skill-button
        tabIndex={focusable ? 0 : -1}
        onClick={() => selectSkill(skill.id)}
        title={tooltip(skill)}
      >
        <StatusDot status={skill.status} />
        <span className={styles.skillItemText}>
          <span className={`${styles.skillItemName} skill-item-name`}>{skill.name}</span>
          {folder && (
            <span className={styles.skillItemPlace}>
              <Folder size={10} aria-hidden="true" />
              <span className={styles.skillItemPlacePath} data-testid="skill-place"><span dir="ltr">{folder}</span></span>
            </span>
          )}
          <span className={styles.skillItemMeta}>
            <StatusText status={skill.status} testId="skill-status" />
            <CrashChip skillId={skill.id} report={skill.crashes} />
            {skill.toolCount !== undefined && (
              <span className={styles.skillItemTools}>
                {/* An Agent Skill's tools are its scripts. */}
                {skill.toolCount} {skill.protocol === 'agent-skill' ? 'script' : 'tool'}{skill.toolCount === 1 ? '' : 's'}
              </span>
            )}
          </span>
        </span>
        <ProtocolBadge protocol={skill.protocol} />
      </button>
      <span className={styles.skillItemActions}>
        {runsHere(skill.protocol) && <SkillControls skillId={skill.id} name={skill.name} status={skill.status} />}
      </span>
    </li>
  );
});
