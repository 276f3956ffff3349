import { useState } from 'react';
import { Info } from 'lucide-react';
// Global class names kept beside the module classes: tests select .skill-notes.
import styles from './SkillNotes.module.css';

const SHOWN = 2;

/** What the workbench learnt about how the skill runs (which SDK, where the tool list came from), said plainly. */
export function SkillNotes({ notes }: { notes: string[] }) {
  const [all, setAll] = useState(false);
  if (!notes.length) return null;
  const visible = all ? notes : notes.slice(0, SHOWN);
  return (
    <div className={`${styles.skillNotes} skill-notes`}>
      <ul aria-label="Notes about this skill">
        {visible.map((n, i) => (
          <li key={i}>
            <Info size={12} aria-hidden="true" />
            <span>{n}</span>
          </li>
        ))}
      </ul>
      {notes.length > SHOWN && (
        <button type="button" className="link-btn small" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? 'Show fewer notes' : `Show ${notes.length - SHOWN} more note${notes.length - SHOWN === 1 ? '' : 's'}`}
        </button>
      )}
    </div>
  );
}
