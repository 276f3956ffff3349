import { useState } from 'react';
import { ChevronRight, FolderX } from 'lucide-react';
import type { SkillSummary } from '@contract';
import { SkillListItem } from './SkillListItem';
import { IconButton } from '../common/Button';
import { basename } from '../../lib/format';
import { removeFolder } from '../../actions/workspace';
import styles from './FolderGroup.module.css';

export function FolderGroup({ folder, skills, selectedId, focusableId, removable, places, filtered }: {
  folder: string;
  /** The list is filtered: an empty folder is one without a match, not one without skills. */
  filtered: boolean;
  /** The distinguishing folder of each skill whose name is not unique, by skill id. */
  places: Map<string, string>;
  skills: SkillSummary[];
  selectedId: string | null;
  focusableId: string | null;
  removable: boolean;
}) {
  const [open, setOpen] = useState(true);
  const name = basename(folder);
  return (
    <section className={styles.folderGroup} aria-label={`Folder ${name}`}>
      <div className={styles.folderHead}>
        <button type="button" className={styles.folderToggle} aria-expanded={open} onClick={() => setOpen(!open)} title={folder}>
          <ChevronRight size={12} className={`${styles.chev}${open ? ' open' : ''}`} aria-hidden="true" />
          <span className={styles.folderName}>{name}</span>
          <span className={styles.folderCount}>{skills.length}</span>
        </button>
        {removable && (
          <IconButton
            size="sm"
            className={styles.folderRemove}
            label={`Remove folder ${name} from the workspace`}
            icon={<FolderX size={13} />}
            onClick={() => void removeFolder(folder)}
          />
        )}
      </div>
      {open &&
        (skills.length ? (
          <ul className={styles.skillList} role="list">
            {skills.map((k) => (
              <SkillListItem key={k.id} skill={k} selected={k.id === selectedId} focusable={k.id === focusableId} place={places.get(k.id)} />
            ))}
          </ul>
        ) : (
          <p className={styles.folderEmpty}>{filtered ? 'No match in this folder.' : 'No skills found in this folder.'}</p>
        ))}
    </section>
  );
}
