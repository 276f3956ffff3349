/**
 * What an agent reads of an Agent Skill, layer by layer as it meets them, each with its size in tokens: the
 * catalog entry in every session's prompt, the SKILL.md body once the skill is activated, then each file when
 * the body leads to it (opened here on demand). Nothing is run; the counts are the engine's (agentSkillView).
 */
import { useState } from 'react';
import { BookOpenText, FileText, Layers, ScrollText, ShieldCheck } from 'lucide-react';
import type { AgentSkillView } from '@contract';
import { useAgentSkillCatalog, useAgentSkillView } from '../../data/agent-skills';
import { useDomId } from '../../lib/use-dom-id';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { JsonTree } from '../common/JsonTree';
import { SkillMarkdown } from './SkillMarkdown';
import { FileLayers } from './FileLayers';
import { plural, tokenizerName, tokensText } from './tokens';
import styles from './DisclosureTab.module.css';

export function DisclosureTab({ skillId }: { skillId: string }) {
  const q = useAgentSkillView(skillId);
  if (!q.data) {
    if (q.error) {
      return (
        <div className="panel-pad">
          <ErrorNote title="The skill could not be read" message={q.error}>
            <Button size="sm" onClick={q.reload}>Try again</Button>
          </ErrorNote>
        </div>
      );
    }
    return <div className="panel-loading"><Spinner /> Reading SKILL.md and counting its tokens…</div>;
  }
  return <DisclosureView key={skillId} skillId={skillId} view={q.data} />;
}

function DisclosureView({ skillId, view }: { skillId: string; view: AgentSkillView }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [notFound, setNotFound] = useState<string | null>(null);
  const prefix = useDomId('layer');
  const rowId = (rel: string) => `${prefix}-${rel.replace(/[^\w-]/g, '_')}`;
  const [catalog, body, ...rest] = view.layers;
  const files = rest.filter((l) => l.path);
  const capped = rest.find((l) => !l.path)?.note;

  const toggle = (rel: string) =>
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(rel)) next.add(rel);
      return next;
    });
  // A link in the body to a file of the skill opens that file's layer, as the agent would read it next.
  const openFile = (rel: string) => {
    const hit = files.find((f) => f.path === rel) ?? files.find((f) => f.path?.toLowerCase() === rel.toLowerCase());
    if (!hit?.path) {
      setNotFound(rel);
      return;
    }
    setNotFound(null);
    const path = hit.path;
    setOpen((now) => new Set(now).add(path));
    requestAnimationFrame(() => {
      const row = document.getElementById(rowId(path));
      row?.scrollIntoView({ block: 'nearest' });
      row?.querySelector<HTMLButtonElement>('button')?.focus();
    });
  };

  return (
    <div className={styles.disclosureTab} data-testid="disclosure-tab">
      <div className={styles.column}>
        <Totals view={view} files={files.length} />

        <section className={styles.layer} aria-labelledby={`${prefix}-catalog`} data-testid="layer-catalog">
          <LayerHead id={`${prefix}-catalog`} step={1} icon={<Layers size={15} />} title="Catalog entry" when="in the prompt of every session" tokens={catalog.tokens} />
          <p className={styles.layerNote}>What the agent knows of the skill before it uses it: its name, its description and where its SKILL.md is. The agent decides from this alone whether to activate it.</p>
          <pre className={styles.entry} data-testid="catalog-entry">{catalog.text}</pre>
          <WholeCatalog />
        </section>

        <section className={styles.layer} aria-labelledby={`${prefix}-body`} data-testid="layer-body">
          <LayerHead
            id={`${prefix}-body`}
            step={2}
            icon={<BookOpenText size={15} />}
            title="SKILL.md body"
            when="read when the skill is activated"
            tokens={body.tokens}
            extra={body.lines !== undefined ? plural(body.lines, 'line') : undefined}
          />
          <BodyText text={body.text ?? ''} onOpenFile={openFile} />
          {notFound && (
            <p className={styles.notFound} role="status">
              The body links to <code>{notFound}</code>, which is not a file of this skill: an agent following the link finds nothing.
            </p>
          )}
        </section>

        <section className={styles.layer} aria-labelledby={`${prefix}-files`} data-testid="layer-files">
          <LayerHead
            id={`${prefix}-files`}
            step={3}
            icon={<FileText size={15} />}
            title="Files on demand"
            when="read when the body leads to them"
            tokens={view.totals.resources}
            extra={plural(files.length, 'file')}
          />
          {files.length ? (
            <FileLayers skillId={skillId} files={files} open={open} onToggle={toggle} rowId={rowId} onOpenFile={openFile} />
          ) : (
            <p className={styles.layerNote}>None: the skill is its SKILL.md alone.</p>
          )}
          {capped && <p className={styles.layerNote}>{capped}</p>}
        </section>

        {view.frontmatter && (
          <details className="disclosure" data-testid="frontmatter">
            <summary>Front matter, as an agent reads it</summary>
            <JsonTree value={view.frontmatter} label="Front matter" expandDepth={2} />
          </details>
        )}
      </div>
    </div>
  );
}

/** What the skill costs an agent: every session, on activation, on demand; and the tokenizer that counted. */
function Totals({ view, files }: { view: AgentSkillView; files: number }) {
  return (
    <section className={styles.totals} aria-label="Tokens by layer" data-testid="disclosure-totals">
      <div className={styles.tiles}>
        <Tile label="Every session" value={tokensText(view.totals.catalog)} sub="catalog entry" testId="total-catalog" />
        <Tile label="On activation" value={`+ ${tokensText(view.totals.body)}`} sub="SKILL.md body" testId="total-body" />
        <Tile label="On demand" value={`up to ${tokensText(view.totals.resources)}`} sub={plural(files, 'file')} testId="total-resources" />
      </div>
      <AllowedTools tools={view.allowedTools} />
      <p className={styles.tokenizer} data-testid="tokenizer" title={view.tokenizer}>
        Counted with {tokenizerName(view.tokenizer)}, the encoding of GPT-4o and later OpenAI models. Other models count somewhat
        differently: a count is a measure of size, not any model’s bill.
      </p>
    </section>
  );
}

function Tile({ label, value, sub, testId }: { label: string; value: string; sub: string; testId: string }) {
  return (
    <div className={styles.tile} data-testid={testId}>
      <div className={styles.tileLabel}>{label}</div>
      <div className={styles.tileValue}>{value}</div>
      <div className={styles.tileSub}>{sub}</div>
    </div>
  );
}

function AllowedTools({ tools }: { tools: string[] }) {
  return (
    <div className={styles.allowed} data-testid="allowed-tools">
      <span className={styles.allowedLabel}>
        <ShieldCheck size={13} aria-hidden="true" /> allowed-tools
      </span>
      {tools.length ? (
        <ul className={styles.chips} aria-label="Tools the skill pre-approves">
          {tools.map((t) => (
            <li key={t} className={styles.chip}>{t}</li>
          ))}
        </ul>
      ) : (
        <span className="muted">not set: the agent asks for its tools as it always does</span>
      )}
    </div>
  );
}

function LayerHead({ id, step, icon, title, when, tokens, extra }: { id: string; step: number; icon: React.ReactNode; title: string; when: string; tokens: number | null; extra?: string }) {
  return (
    <div className={styles.layerHead}>
      <span className={styles.step} aria-hidden="true">{step}</span>
      <h2 className={styles.layerTitle} id={id}>
        <span className={styles.layerIcon} aria-hidden="true">{icon}</span>
        {title} <span className={styles.layerWhen}>{when}</span>
      </h2>
      {extra && <span className={styles.layerMeta}>{extra}</span>}
      <span className={styles.tokens} data-testid="layer-tokens">{tokensText(tokens)}</span>
    </div>
  );
}

/** The body rendered as Markdown, or its source as the agent receives it. */
function BodyText({ text, onOpenFile }: { text: string; onOpenFile(rel: string): void }) {
  const [source, setSource] = useState(false);
  if (!text.trim()) return <p className={styles.layerNote}>The body is empty: activating the skill tells the agent nothing more than its description.</p>;
  return (
    <div className={styles.body}>
      <div className="segmented" role="group" aria-label="How to show the body">
        <button type="button" aria-pressed={!source} onClick={() => setSource(false)}>Rendered</button>
        <button type="button" aria-pressed={source} onClick={() => setSource(true)}>
          <ScrollText size={12} aria-hidden="true" /> Source
        </button>
      </div>
      {source ? <pre className={styles.source}>{text}</pre> : <SkillMarkdown text={text} onOpenFile={onOpenFile} testId="skill-body" />}
    </div>
  );
}

/** The workspace's whole `<available_skills>` block: what this entry sits among, and what all of them cost. */
function WholeCatalog() {
  const [shown, setShown] = useState(false);
  const q = useAgentSkillCatalog(shown);
  return (
    <details className="disclosure" onToggle={(e) => setShown(e.currentTarget.open)} data-testid="whole-catalog">
      <summary>
        The workspace’s whole catalog{q.data ? `: ${plural(q.data.skills.length, 'skill')}, ${tokensText(q.data.tokens)}` : ''}
      </summary>
      {shown && (q.data ? <pre className={styles.entry}>{q.data.text}</pre> : q.error ? <ErrorNote message={q.error} /> : <div className={styles.layerNote}><Spinner /> Reading every skill’s entry…</div>)}
    </details>
  );
}
