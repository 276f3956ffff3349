import { useState } from 'react';
import { FileText, FileCode2 } from 'lucide-react';
import type { McpResourceTemplate } from '@contract';
import { useQuery } from '../../data';
import { useStore } from '../../store';
import { EmptyState } from '../common/EmptyState';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { ResourceDetail } from './ResourceDetail';
import { TemplateForm } from './TemplateForm';
import { useServerInfo } from './ServerTab';
// Global class names kept beside the module classes: .mcp-main is styled in its context by EmptyState.module.css.
import styles from './ResourcesTab.module.css';
import toolsStyles from '../tools/tools.module.css';
import mcpStyles from './mcp.module.css';

type Picked = { kind: 'resource'; uri: string; title: string } | { kind: 'template'; template: McpResourceTemplate; read?: string };

/** An MCP server's resources and resource templates: pick one, read it, subscribe to its changes. */
export function ResourcesTab({ skillId }: { skillId: string }) {
  return <ResourcesView key={skillId} skillId={skillId} />;
}

function ResourcesView({ skillId }: { skillId: string }) {
  const server = useServerInfo(skillId);
  const lists = { invalidateOn: ['mcpListChanged'], scope: skillId } as const;
  const resources = useQuery('mcpListResources', [skillId], lists);
  const templates = useQuery('mcpListResourceTemplates', [skillId], lists);
  const session = useQuery('mcpSession', [skillId]);
  const updated = useStore((s) => s.updated[skillId]);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [subscribedNow, setSubscriptions] = useState<string[] | null>(null);
  const subscriptions = subscribedNow ?? session.data?.subscriptions ?? [];

  if (server.info && !server.info.capabilities.resources) {
    return <EmptyState icon={<FileText size={22} />} title="No resources">This server does not offer resources.</EmptyState>;
  }
  const error = resources.error ?? templates.error;
  if (error && !resources.data) return <div className="panel-pad"><ErrorNote title="The resources could not be listed" message={error} /></div>;
  if (!resources.data || !templates.data) return <div className="panel-loading"><Spinner /> Asking the server for its resources…</div>;

  const canSubscribe = !!server.info?.capabilities.resourceSubscribe;
  const uriOf = picked?.kind === 'resource' ? picked.uri : picked?.read;
  return (
    <div className={`${toolsStyles.toolsTab} mcp-split`} data-testid="resources-tab">
      <div className={`${toolsStyles.toolsSide} ${mcpStyles.mcpSide}`}>
        <h2 className={mcpStyles.mcpSideTitle}>Resources <span className="muted">{resources.data.length}</span></h2>
        {!resources.data.length && <p className={`muted ${mcpStyles.mcpSideEmpty}`}>None listed.</p>}
        <ul className={mcpStyles.mcpList} aria-label="Resources">
          {resources.data.map((r) => (
            <li key={r.uri}>
              <button
                type="button"
                className={mcpStyles.mcpItem}
                aria-current={picked?.kind === 'resource' && picked.uri === r.uri ? 'true' : undefined}
                onClick={() => setPicked({ kind: 'resource', uri: r.uri, title: r.title ?? r.name })}
                data-testid="resource-item"
                title={r.description ?? r.uri}
              >
                <span className={mcpStyles.mcpItemName}>{r.title ?? r.name}</span>
                {subscriptions.includes(r.uri) && <span className={styles.mcpDot} title={updated?.[r.uri] ? 'Subscribed; it changed' : 'Subscribed'} aria-label="subscribed" />}
                <span className={mcpStyles.mcpItemSub}>{r.mimeType ?? r.uri}</span>
              </button>
            </li>
          ))}
        </ul>
        <h2 className={mcpStyles.mcpSideTitle}>Templates <span className="muted">{templates.data.length}</span></h2>
        {!templates.data.length && <p className={`muted ${mcpStyles.mcpSideEmpty}`}>None listed.</p>}
        <ul className={mcpStyles.mcpList} aria-label="Resource templates">
          {templates.data.map((t) => (
            <li key={t.uriTemplate}>
              <button
                type="button"
                className={mcpStyles.mcpItem}
                aria-current={picked?.kind === 'template' && picked.template.uriTemplate === t.uriTemplate ? 'true' : undefined}
                onClick={() => setPicked({ kind: 'template', template: t })}
                data-testid="template-item"
                title={t.description ?? t.uriTemplate}
              >
                <span className={mcpStyles.mcpItemName}><FileCode2 size={12} aria-hidden="true" /> {t.title ?? t.name}</span>
                <span className={mcpStyles.mcpItemSub}>{t.uriTemplate}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className={`${toolsStyles.toolWorkspace} ${mcpStyles.mcpMain} mcp-main`}>
        {!picked && (
          <EmptyState compact title="Pick a resource">
            Choose a resource to read it, or a template to fill in its address.
            {canSubscribe ? ' You can subscribe to a resource to see its changes as they happen.' : ''}
          </EmptyState>
        )}
        {picked?.kind === 'template' && (
          <TemplateForm
            key={picked.template.uriTemplate}
            skillId={skillId}
            template={picked.template}
            completions={!!server.info?.capabilities.completions}
            onRead={(uri) => setPicked({ ...picked, read: uri })}
          />
        )}
        {uriOf && (
          <ResourceDetail
            key={uriOf}
            skillId={skillId}
            uri={uriOf}
            title={picked?.kind === 'resource' ? picked.title : uriOf}
            subscribed={subscriptions.includes(uriOf)}
            canSubscribe={canSubscribe}
            onSubscriptions={setSubscriptions}
          />
        )}
      </div>
    </div>
  );
}
