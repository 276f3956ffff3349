/**
 * The files of an Agent Skill an agent reads on demand, one row each: what the file is to the agent, whether the
 * body names it, its size and tokens; a text file opens to be read as the agent would (Markdown rendered, the rest
 * as it is), fetched only then. Binary and large files are listed with their size and why they are not counted.
 */
import { ChevronRight, Link2 } from 'lucide-react';
import type { DisclosureLayer } from '@contract';
import { useAgentSkillFile } from '../../data/agent-skills';
import { formatBytes } from '../../lib/format';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { SkillMarkdown } from './SkillMarkdown';
import { tokensText } from './tokens';
import styles from './FileLayers.module.css';

const KIND_LABEL: Record<string, string> = { reference: 'reference', asset: 'asset', script: 'script', other: 'file', 'skill-md': 'SKILL.md' };

export function FileLayers({ skillId, files, open, onToggle, rowId, onOpenFile }: {
  skillId: string;
  files: DisclosureLayer[];
  open: ReadonlySet<string>;
  onToggle(path: string): void;
  rowId(path: string): string;
  onOpenFile(path: string): void;
}) {
  return (
    <ul className={styles.files} aria-label="Files read on demand">
      {files.map((f) => {
        const path = f.path!;
        const readable = f.tokens !== null;
        const isOpen = readable && open.has(path);
        const id = rowId(path);
        return (
          <li key={path} id={id} className={styles.file} data-testid="file-layer" data-path={path}>
            <button
              type="button"
              className={styles.fileHead}
              aria-expanded={readable ? isOpen : undefined}
              aria-controls={isOpen ? `${id}-text` : undefined}
              disabled={!readable}
              onClick={() => onToggle(path)}
              title={readable ? (isOpen ? `Close ${path}` : `Read ${path} as an agent would`) : f.note}
            >
              <ChevronRight size={13} className={`${styles.chev}${isOpen ? ' open' : ''}`} aria-hidden="true" />
              <span className={styles.path}>{path}</span>
              <span className={`${styles.kind} kind-${f.kind ?? 'other'}`}>{KIND_LABEL[f.kind ?? 'other'] ?? f.kind}</span>
              {f.referenced && (
                <span className={styles.named} title="SKILL.md's body names this file: the agent is led to it">
                  <Link2 size={11} aria-hidden="true" /> named in SKILL.md
                </span>
              )}
              <span className="spacer" />
              <span className={styles.size}>{formatBytes(f.bytes)}</span>
              <span className={readable ? styles.tokens : styles.note} data-testid="file-tokens">{readable ? tokensText(f.tokens) : f.note}</span>
            </button>
            {isOpen && (
              <div id={`${id}-text`} className={styles.fileBody}>
                <FileText skillId={skillId} path={path} onOpenFile={onOpenFile} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function FileText({ skillId, path, onOpenFile }: { skillId: string; path: string; onOpenFile(path: string): void }) {
  const q = useAgentSkillFile(skillId, path, true);
  if (!q.data) {
    if (q.error) return <ErrorNote title={`${path} could not be read`} message={q.error} />;
    return <div className={styles.loading}><Spinner /> Reading {path}…</div>;
  }
  const file = q.data;
  if (file.text === undefined) return <p className={styles.note}>{file.note}</p>;
  if (!file.text.trim()) return <p className={styles.note}>The file is empty.</p>;
  if (/\.(md|mdx|markdown)$/i.test(path)) {
    // A reference's own links lead from its folder.
    const base = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    return <SkillMarkdown text={file.text} onOpenFile={onOpenFile} base={base} testId="file-text" />;
  }
  return <pre className={styles.text} data-testid="file-text">{file.text}</pre>;
}
