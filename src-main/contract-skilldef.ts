import type { Entity } from './contract-types';

/**
 * What the newer SkillDefinition SDK adds beyond tools, setup and options (protocol notes section 5): trigger
 * types and instances (the Triggers panel), the skill's own status and lifecycle (the skill header), and the
 * entity graph with its declared schema (the Data tab). Types only: the renderer compiles this.
 */

/** A field a trigger's conditions may test (by dot-path), with its JSON Schema type. */
export interface TriggerField {
  name: string;
  type: string;
  description?: string;
}

/** A kind of trigger the skill supports (`triggers/types`). */
export interface TriggerType {
  type: string;
  label: string;
  description?: string;
  conditionFields: TriggerField[];
  /** JSON Schema of a trigger's settings (the panel builds a form from it); `{}` when it has none. */
  configSchema: Record<string, unknown>;
}

/** One node of a trigger's condition tree, as the SDK keeps it (regex, keyword, threshold; and, or, not). */
export interface TriggerCondition {
  type: string;
  field?: string;
  pattern?: string;
  flags?: string;
  keywords?: string[];
  match_mode?: string;
  operator?: string;
  value?: number;
  conditions?: TriggerCondition[];
}

/** A registered trigger (`triggers/list`). */
export interface TriggerInstance {
  id: string;
  type: string;
  name: string;
  description?: string;
  conditions: TriggerCondition[];
  config: Record<string, unknown>;
  enabled: boolean;
  createdAt?: string;
  metadata?: Record<string, unknown>;
}

/** What the user fills in to register a trigger, or to change one (then every field is optional). */
export interface TriggerInput {
  type: string;
  name: string;
  description?: string;
  conditions: TriggerCondition[];
  config?: Record<string, unknown>;
  enabled?: boolean;
}

/** A skill's trigger types and the triggers registered now. */
export interface TriggersView {
  types: TriggerType[];
  triggers: TriggerInstance[];
}

/** `triggers/fired` as the skill sent it: on the timeline (kind `trigger`) and in recordings. */
export interface TriggerFired {
  triggerId: string;
  triggerName: string;
  triggerType: string;
  firedAt?: string;
  matchedData: Record<string, unknown>;
  context: Record<string, unknown>;
}

/** What a skill answers to `skill/status` (its `on_status` under `status`), asked when the user refreshes it. */
export interface SkillReport {
  /** When the workbench asked (ms since the epoch). */
  at: number;
  /** What the skill's on_status returned; null where it has no on_status (or runs an SDK without skill/status). */
  status: Record<string, unknown> | null;
  /** Whether the skill answered `skill/status` at all (an original SDK does not). */
  answered: boolean;
  /** The lifecycle requests it may be sent: activate and deactivate where it answers skill/status, disconnect where `has_disconnect`. */
  actions: LifecycleAction[];
  /** Why there is no status, in plain words (a skill that is not a SkillDefinition one, an old SDK). */
  note?: string;
}

export type LifecycleAction = 'activate' | 'deactivate' | 'disconnect';

/** An entity type a skill declares in its `entity_schema`. */
export interface EntityTypeInfo {
  type: string;
  label?: string;
  description?: string;
  properties: { name: string; type: string; description?: string; optional: boolean }[];
}

/** A relationship type a skill declares: from entities of `sourceType` to entities of `targetType`. */
export interface RelationshipTypeInfo {
  type: string;
  sourceType: string;
  targetType: string;
  description?: string;
  cardinality?: string;
}

/** A skill's `entity_schema`, as the Data tab shows it. */
export interface EntitySchemaInfo {
  entityTypes: EntityTypeInfo[];
  relationshipTypes: RelationshipTypeInfo[];
}

/** An edge of the entity graph (`entities/upsertRelationship`). */
export interface EntityRelationship {
  sourceId: string;
  targetId: string;
  type: string;
  source: string;
  metadata?: Record<string, unknown>;
  updatedAt: number;
}

/** The entities and relationships a skill wrote, and the schema it declares (null: it declares none). */
export interface EntityGraph {
  entities: Entity[];
  relationships: EntityRelationship[];
  schema: EntitySchemaInfo | null;
}

/** The Triggers panel's, the skill header's and the entity graph's commands (workbench/skilldef-service.ts). */
export interface SkillDefApi {
  /** The trigger types a skill declares and its registered triggers; starts it if it is not running. */
  getTriggers(skillId: string): Promise<TriggersView>;
  /** Registers a trigger (`triggers/create`: the skill runs on_trigger_register); returns the new list. */
  createTrigger(skillId: string, input: TriggerInput): Promise<TriggersView>;
  /** Changes a trigger's name, description, conditions, config or enabled (`triggers/update`). */
  updateTrigger(skillId: string, id: string, changes: Partial<TriggerInput>): Promise<TriggersView>;
  /** Removes a trigger (`triggers/delete`: the skill runs on_trigger_remove). */
  deleteTrigger(skillId: string, id: string): Promise<TriggersView>;
  /** Asks the skill for its status (`skill/status`, its on_status); starts it if it is not running. */
  getSkillReport(skillId: string): Promise<SkillReport>;
  /** Sends `skill/activate`, `skill/deactivate` or `skill/disconnect`; returns the status afterwards. */
  runLifecycle(skillId: string, action: LifecycleAction): Promise<SkillReport>;
  /** The skill's entities and relationships, and its declared entity schema. Starts nothing. */
  getEntityGraph(skillId: string): Promise<EntityGraph>;
}


/**
 * The JSON-RPC error code the workbench answers a reverse call it knows but cannot serve, such as
 * `intelligence/summarize` (it has no AI of its own): a skill can tell it apart from "method not found".
 */
export const HOST_NOT_AVAILABLE = -32050;
