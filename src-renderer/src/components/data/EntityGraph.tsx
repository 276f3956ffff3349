
import type { Entity, EntityGraph as Graph, EntityRelationship, EntitySchemaInfo } from '@contract';
import { useQuery } from '../../data';
import { ErrorNote } from '../common/ErrorNote';
import { formatWhen } from '../../lib/format';
import styles from './EntityGraph.module.css';

const keyOf = (e: Entity) => e.id ?? e.sourceId ?? '';

/** The entities a skill wrote, by type, each with the relationships leaving and reaching it; then the schema it declares. */
export function EntityGraph({ skillId }: { skillId: string }) {
  const { data: graph, error } = useQuery('getEntityGraph', [skillId]);

  if (error) return <ErrorNote title="The entity graph could not be read" message={error} />;
  if (!graph) return null;
  return (
    <>
      <section className="card" aria-labelledby="entities-title" data-testid="entity-graph">
        <h2 id="entities-title" className="card-title">
          Entities <span className="count">{graph.entities.length}</span>
          <span className="muted small"> · {graph.relationships.length} relationship{graph.relationships.length === 1 ? '' : 's'}</span>
        </h2>
        {graph.entities.length ? <ByType graph={graph} /> : (
          <p className="muted">No entities yet. Skills that keep track of people, documents or other things list them here, with how they relate.</p>
        )}
      </section>
      <SchemaSection schema={graph.schema} />
    </>
  );
}

function ByType({ graph }: { graph: Graph }) {
  const byId = new Map<string, Entity>();
  for (const e of graph.entities) {
    if (e.id) byId.set(e.id, e);
    if (e.sourceId && !byId.has(e.sourceId)) byId.set(e.sourceId, e);
  }
  const name = (id: string) => {
    const e = byId.get(id);
    return e ? `${e.title ?? keyOf(e)} (${e.type})` : `${id} (not in the graph)`;
  };
  const types = [...new Set(graph.entities.map((e) => e.type))].sort();
  const label = (t: string) => graph.schema?.entityTypes.find((d) => d.type === t)?.label;
  return (
    <>
      {types.map((t) => {
        const items = graph.entities.filter((e) => e.type === t);
        return (
          <section key={t} className={styles.entityTypeGroup} aria-label={`${label(t) ?? t} entities`} data-testid={`entity-type-${t}`}>
            <h3 className={styles.entityTypeHead}>
              <span className="kind-badge">{t}</span>
              {label(t) && <span>{label(t)}</span>}
              <span className="count">{items.length}</span>
            </h3>
            <ul className={styles.entityList}>
              {items.map((e, i) => {
                const id = keyOf(e);
                const out = graph.relationships.filter((r) => r.sourceId === e.id || (e.sourceId && r.sourceId === e.sourceId));
                const inc = graph.relationships.filter((r) => r.targetId === e.id || (e.sourceId && r.targetId === e.sourceId));
                return (
                  <li key={`${e.source}:${id || i}`} className={styles.entityNode} data-testid="entity-node">
                    <div className={styles.entityNodeHead}>
                      <span className={styles.entityNodeTitle}>{e.title ?? id}</span>
                      <code className="muted small">{id}</code>
                      {e.summary && <span className="muted small">{e.summary}</span>}
                      <span className="spacer" />
                      {e.updatedAt && <span className="muted small">{formatWhen(e.updatedAt)}</span>}
                    </div>
                    {out.length + inc.length > 0 && (
                      <ul className={styles.entityEdges} aria-label={`Relationships of ${e.title ?? id}`}>
                        {out.map((r) => <Edge key={`o-${r.type}-${r.targetId}`} r={r} text={`→ ${name(r.targetId)}`} />)}
                        {inc.map((r) => <Edge key={`i-${r.type}-${r.sourceId}`} r={r} text={`← from ${name(r.sourceId)}`} />)}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </>
  );
}

function Edge({ r, text }: { r: EntityRelationship; text: string }) {
  return (
    <li data-testid="entity-edge">
      <span className={styles.entityEdgeType}>{r.type}</span> {text}
    </li>
  );
}

function SchemaSection({ schema }: { schema: EntitySchemaInfo | null }) {
  return (
    <section className="card" aria-labelledby="entity-schema-title" data-testid="entity-schema">
      <h2 id="entity-schema-title" className="card-title">Declared entity schema</h2>
      {!schema ? (
        <p className="muted">The skill declares no entity schema (or has not been started since the workbench opened). Anything it writes is kept as it is.</p>
      ) : (
        <>
          <p className="muted small">What the skill says it writes (<code>entity_schema</code>). Anything that does not fit is kept, with a warning on the Timeline.</p>
          <ul className={styles.entitySchemaList}>
            {schema.entityTypes.map((t) => (
              <li key={t.type}>
                <span className="kind-badge">{t.type}</span> {t.label}
                {t.properties.length > 0 && (
                  <span className="muted"> · {t.properties.map((p) => `${p.name} (${p.type}${p.optional ? ', optional' : ''})`).join(', ')}</span>
                )}
              </li>
            ))}
            {schema.relationshipTypes.map((r) => (
              <li key={`${r.type}-${r.sourceType}-${r.targetType}`}>
                <span className={styles.entityEdgeType}>{r.type}</span>: {r.sourceType} → {r.targetType}
                {r.cardinality && <span className="muted"> ({r.cardinality.replace(/_/g, ' ')})</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
