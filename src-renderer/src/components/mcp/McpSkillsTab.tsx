/**
 * The Agent Skills an MCP server offers (the Skills extension, SEP-2640), shown as local ones are: each skill's
 * entry (its name, description and front matter, what is wrong with it), its SKILL.md as the agent reads it, and
 * each of its files on demand, every file checked against the entry (size and SHA-256) before it is shown. A file
 * that fails the check is refused, as the extension asks of a host.
 */
import { useState } from 'react';
import { BookOpenText, ChevronRight, ShieldCheck, ShieldX, TriangleAlert } from 'lucide-react';
import type { McpSkillEntry } from '@contract';
import { useMcpSkillFile, useMcpSkills } from '../../data/agent-skills';
import { formatBytes } from '../../lib/format';
import { EmptyState } from '../common/EmptyState';
import { ErrorNote } from '../common/ErrorNote';
import { Button } from '../common/Button';
import { Spinner } from '../common/Spinner';
import { JsonTree } from '../common/JsonTree';
import { SkillMarkdown } from '../agent-skill/SkillMarkdown';
import { tokensText } from '../agent-skill/tokens';
import { useServerInfo } from './ServerTab';
import styles from './McpSkillsTab.module.css';
// A skill's files are listed as the Agent Skill view lists them.
import fileStyles from '../agent-skill/FileLayers.module.css';
import toolsStyles from '../tools/tools.module.css';
import mcpStyles from './mcp.module.css';

export function McpSkillsTab({ skillId }: { skillId: string }) {
  return <McpSkillsView key={skillId} skillId={skillId} />;
}

function McpSkillsView({ skillId }: { skillId: string }) {
  const server = useServerInfo(skillId);
  const offers = !!server.info?.capabilities.skills;
  const skills = useMcpSkills(skillId, offers);
  const [picked, setPicked] = useState<string | null>(null);

  if (!server.info) {
    if (server.error) return <div className="panel-pad"><ErrorNote title="The server could not be reached" message={server.error}><Button size="sm" onClick={server.retry}>Try again</Button></ErrorNote></div>;
    return <div className="panel-loading"><Spinner /> Connecting to the server…</div>;
  }
  if (!offers) {
    return (
      <EmptyState icon={<BookOpenText size={22} />} title="No skills">
        This server does not declare the Skills extension (<code>io.modelcontextprotocol/skills</code>), so it offers no Agent Skills.
      </EmptyState>
    );
  }
  if (!skills.data) {
    if (skills.error) return <div className="panel-pad"><ErrorNote title="The skills could not be listed" message={skills.error}><Button size="sm" onClick={skills.reload}>Try again</Button></ErrorNote></div>;
    return <div className="panel-loading"><Spinner /> Asking the server for its skills…</div>;
  }
  const entry = skills.data.find((s) => s.uri === picked) ?? skills.data[0];
  return (
    <div className={`${toolsStyles.toolsTab} mcp-split`} data-testid="mcp-skills-tab">
      <div className={`${toolsStyles.toolsSide} ${mcpStyles.mcpSide}`}>
        <h2 className={mcpStyles.mcpSideTitle}>Skills <span className="muted">{skills.data.length}</span></h2>
        {!skills.data.length && <p className={`muted ${mcpStyles.mcpSideEmpty}`}>The server lists none.</p>}
        <ul className={mcpStyles.mcpList} aria-label="Skills the server offers">
          {skills.data.map((s) => (
            <li key={s.uri}>
              <button
                type="button"
                className={mcpStyles.mcpItem}
                aria-current={entry?.uri === s.uri ? 'true' : undefined}
                onClick={() => setPicked(s.uri)}
                data-testid="mcp-skill-item"
                title={s.description ?? s.uri}
              >
                <span className={mcpStyles.mcpItemName}>{s.name || s.uri}</span>
                {s.problems.length > 0 && <TriangleAlert size={13} className={styles.warnIcon} aria-label="has problems" />}
                <span className={mcpStyles.mcpItemSub}>{s.uri}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className={`${toolsStyles.toolWorkspace} ${mcpStyles.mcpMain} mcp-main ${styles.main}`}>
        {entry ? <McpSkillDetail key={entry.uri} skillId={skillId} entry={entry} /> : <EmptyState compact title="No skills">The server offers the extension but lists no skill.</EmptyState>}
      </div>
    </div>
  );
}

function McpSkillDetail({ skillId, entry }: { skillId: string; entry: McpSkillEntry }) {
  const base = entry.uri.replace(/SKILL\.md$/, '');
  const files = entry.resources === 'dynamic' ? [] : entry.resources.filter((r) => r.uri !== entry.uri);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (uri: string) =>
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(uri)) next.add(uri);
      return next;
    });
  const openRel = (rel: string) => {
    const hit = files.find((f) => f.uri === `${base}${rel}`);
    if (hit) setOpen((now) => new Set(now).add(hit.uri));
  };
  return (
    <div className={styles.detail} data-testid="mcp-skill-detail">
      <header className={styles.head}>
        <h2 className={styles.name}>{entry.name || entry.uri}</h2>
        <code className={styles.uri}>{entry.uri}</code>
        {entry.description && <p className={styles.description}>{entry.description}</p>}
      </header>
      {entry.problems.length > 0 && (
        <ul className={styles.problems} data-testid="mcp-skill-problems">
          {entry.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <details className="disclosure">
        <summary>Front matter, as the entry gives it</summary>
        <JsonTree value={entry.frontmatter} label="Front matter" expandDepth={2} />
      </details>
      <section className={styles.layer} aria-label="SKILL.md">
        <h3 className={styles.layerTitle}>SKILL.md <span className={styles.when}>read when the skill is activated</span></h3>
        <McpFileBody skillId={skillId} uri={entry.uri} dynamic={entry.resources === 'dynamic'} onOpenFile={openRel} skillMd />
      </section>
      <section className={styles.layer} aria-label="Files on demand">
        <h3 className={styles.layerTitle}>Files on demand <span className={styles.when}>read when the body leads to them</span></h3>
        {entry.resources === 'dynamic' ? (
          <p className={styles.note}>The server lists this skill’s files as dynamic: they are read as the body leads to them, and none can be checked against a digest.</p>
        ) : files.length ? (
          <ul className={fileStyles.files}>
            {files.map((f) => {
              const rel = f.uri.startsWith(base) ? f.uri.slice(base.length) : f.uri;
              const isOpen = open.has(f.uri);
              return (
                <li key={f.uri} className={fileStyles.file} data-testid="mcp-skill-file">
                  <button type="button" className={fileStyles.fileHead} aria-expanded={isOpen} onClick={() => toggle(f.uri)} title={f.uri}>
                    <ChevronRight size={13} className={`${fileStyles.chev}${isOpen ? ' open' : ''}`} aria-hidden="true" />
                    <span className={fileStyles.path}>{rel}</span>
                    <span className="spacer" />
                    <span className={styles.digest} title={f.digest}>{f.digest.slice(0, 15)}…</span>
                    <span className={styles.size}>{formatBytes(f.size)}</span>
                  </button>
                  {isOpen && (
                    <div className={fileStyles.fileBody}>
                      <McpFileBody skillId={skillId} uri={f.uri} dynamic={false} onOpenFile={openRel} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className={styles.note}>None: the skill is its SKILL.md alone.</p>
        )}
      </section>
    </div>
  );
}

/** One file read from the server and checked; refused (its text behind a disclosure) when it fails the check. */
function McpFileBody({ skillId, uri, dynamic, onOpenFile, skillMd }: { skillId: string; uri: string; dynamic: boolean; onOpenFile(rel: string): void; skillMd?: boolean }) {
  const q = useMcpSkillFile(skillId, uri, true);
  if (!q.data) {
    if (q.error) return <ErrorNote title="The file could not be read" message={q.error} />;
    return <div className={styles.note}><Spinner /> Reading and checking it…</div>;
  }
  const f = q.data;
  const refused = !f.verified && !dynamic;
  const text = f.text !== undefined ? (skillMd ? f.text.replace(/^\uFEFF?---\r?\n[\s\S]*?\r?\n---[ \t]*\r?\n?/, '') : f.text) : undefined;
  const content =
    text === undefined ? (
      <p className={styles.note}>Not text ({f.mimeType ?? 'binary'}, {formatBytes(Math.floor(((f.blob ?? '').length * 3) / 4))}): an agent uses it as a file.</p>
    ) : /\.(md|mdx|markdown)$/i.test(uri) ? (
      <SkillMarkdown text={text} onOpenFile={onOpenFile} testId="mcp-file-text" />
    ) : (
      <pre className={fileStyles.text} data-testid="mcp-file-text">{text}</pre>
    );
  return (
    <div className={styles.fileContent} data-verified={f.verified}>
      <div className={styles.check}>
        {f.verified ? (
          <span className={styles.verified}><ShieldCheck size={13} aria-hidden="true" /> Matches its entry (size and SHA-256)</span>
        ) : (
          <span className={refused ? styles.refused : styles.unverified}><ShieldX size={13} aria-hidden="true" /> {refused ? 'Refused: ' : 'Not verified: '}{f.problem}</span>
        )}
        {f.tokens !== undefined && f.tokens !== null && <span className={styles.tokens}>{tokensText(f.tokens)}</span>}
      </div>
      {refused ? (
        <details className="disclosure">
          <summary>Show what the server sent anyway</summary>
          {content}
        </details>
      ) : (
        content
      )}
    </div>
  );
}
