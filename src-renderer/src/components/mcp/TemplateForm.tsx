import { useState } from 'react';
import { BookOpen } from 'lucide-react';
import type { McpResourceTemplate } from '@contract';
import { useCommand } from '../../data';
import { Button } from '../common/Button';
import { CompletingInput } from './CompletingInput';
import { expandTemplate, templateVariables } from './uri-template';
import { useDomId } from '../../lib/use-dom-id';
import styles from './TemplateForm.module.css';
import mcpStyles from './mcp.module.css';
import setupStyles from '../setup/setup.module.css';

/** A resource template's variables as a form (with the server's suggestions), and Read for the address they make. */
export function TemplateForm({ skillId, template, completions, onRead }: {
  skillId: string;
  template: McpResourceTemplate;
  completions: boolean;
  onRead(uri: string): void;
}) {
  const vars = templateVariables(template.uriTemplate);
  const [values, setValues] = useState<Record<string, string>>({});
  const complete = useCommand('mcpComplete');
  const uri = expandTemplate(template.uriTemplate, values);
  const missing = vars.filter((v) => !values[v]);
  const idPrefix = useDomId('tpl');
  return (
    <form
      className={styles.mcpTemplateForm}
      aria-label={`Fill in ${template.title ?? template.name}`}
      data-testid="template-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!missing.length) onRead(uri);
      }}
    >
      <p className="muted">
        Fill in <code className={mcpStyles.mcpUri}>{template.uriTemplate}</code>
        {template.description ? `: ${template.description}` : ''}
      </p>
      <div className={setupStyles.setupFields}>
        {vars.map((v) => (
          <CompletingInput
            key={v}
            id={`${idPrefix}-${v}`}
            label={v}
            required
            value={values[v] ?? ''}
            onChange={(x) => setValues((cur) => ({ ...cur, [v]: x }))}
            testId={`template-var-${v}`}
            complete={
              completions
                ? async (text) => (await complete.run(skillId, { type: 'ref/resource', uri: template.uriTemplate }, { name: v, value: text }, values))?.values ?? []
                : undefined
            }
          />
        ))}
      </div>
      <div className={setupStyles.setupActions}>
        <code className={mcpStyles.mcpUri} data-testid="template-uri">{uri}</code>
        <span className="spacer" />
        <Button type="submit" variant="primary" icon={<BookOpen size={13} />} disabled={missing.length > 0} title={missing.length ? `Fill in ${missing.join(', ')} first` : `Read ${uri}`} data-testid="template-read">
          Read
        </Button>
      </div>
    </form>
  );
}
