/**
 * The bundled SDK's types behave as the original SDK's Pydantic v2 models do where skills rely on it: the
 * same names, fields, defaults and validation, frozen models that refuse assignment, model_dump, model_validate,
 * model_copy and Field(default_factory=..., description=..., alias=...). Checked in a real Python process.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers';

/** Runs the script with our SDK on the path; each `print` is one line of the result. */
function py(lines: string[]): string[] {
  const out = execFileSync('python3', ['-c', lines.join('\n')], {
    env: { ...process.env, PYTHONPATH: path.join(ROOT, 'resources', 'python') },
    encoding: 'utf8',
  });
  return out.trim().split('\n');
}

const refused = (expr: string) => `try:\n    ${expr}\n    print("accepted")\nexcept ValueError as e:\n    print(type(e).__name__, "|", str(e).splitlines()[0])`;

describe('the current SDK types', () => {
  it('are importable where the original puts them', () => {
    expect(py([
      'from dev.types.skill_types import (SkillOptionDefinition, Entity, EntityPropertySchema, EntityTypeDeclaration,',
      '    RelationshipTypeDeclaration, EntitySchema, Relationship, SkillRuntimeConfig, SkillDefinition, SkillHooks,',
      '    SetupField, TriggerSchema, InteropSchema, SkillsManager, SkillContext)',
      'from dev.types.trigger_types import TriggerCondition, TriggerFieldSchema, TriggerTypeDefinition, TriggerSchema, TriggerInstance, TriggerFiredEvent',
      'from dev.types.interop_types import ExposedDataDefinition, ExposedFunctionDefinition, InteropSchema, SkillInfo, ExposedDataInfo, ExposedFunctionInfo',
      'from dev.runtime.interop import build_interop_tools, handle_get_data, handle_call_function, handle_list_exposed',
      'from dev.runtime.server import SkillServer, run_skill_server',
      'from dev.utils.conditions import evaluate_condition',
      'print(sorted(SkillDefinition.model_fields))',
      'print(sorted(SkillHooks.model_fields))',
    ])).toEqual([
      "['description', 'entity_schema', 'has_disconnect', 'has_setup', 'hooks', 'interop_schema', 'name', 'options', 'runtime', 'tick_interval', 'tier', 'tools', 'trigger_schema', 'version']",
      "['on_after_response', 'on_before_message', 'on_disconnect', 'on_interop_call', 'on_interop_data', 'on_load', 'on_memory_flush', 'on_options_change', 'on_session_end', 'on_session_start', 'on_setup_cancel', 'on_setup_start', 'on_setup_submit', 'on_status', 'on_tick', 'on_trigger_register', 'on_trigger_remove', 'on_unload']",
    ]);
  });

  it('have the original defaults', () => {
    expect(py([
      'from dev.types.skill_types import *',
      'from dev.types.trigger_types import *',
      'from dev.types.interop_types import *',
      'd = SkillDefinition(name="x", description="y")',
      'print([d.version, d.tier, d.runtime, d.tools, d.tick_interval, d.has_setup, d.options, d.has_disconnect, d.entity_schema, d.trigger_schema, d.interop_schema])',
      'print(RelationshipTypeDeclaration(type="t", source_type="a", target_type="b", description="d").cardinality, EntityPropertySchema(name="n", type="string", description="d").optional)',
      'print(SkillInfo(id="a", name="A", description="d").model_dump())',
      'print(TriggerInstance(id="1", type="t", name="n").model_dump())',
      'f = ExposedFunctionDefinition(name="f", description="d", handler=print)',
      'print(f.visibility, f.parameters, f.returns, ExposedFunctionInfo(skill_id="s", name="f", description="d").parameters)',
      'print(SkillRuntimeConfig(command="python3").model_dump(), EntitySchema().model_dump())',
      'print(SkillOptionDefinition(name="n", type="number", label="N", default=5).default)',
      'print(ToolDefinition(name="t", description="d").parameters, ToolResult(content="c").is_error)',
    ])).toEqual([
      "['1.0.0', None, None, [], None, False, [], False, None, None, None]",
      'many_to_many False',
      "{'id': 'a', 'name': 'A', 'description': 'd', 'version': '1.0.0', 'online': False}",
      "{'id': '1', 'type': 't', 'name': 'n', 'description': '', 'conditions': [], 'config': {}, 'enabled': True, 'created_at': '', 'metadata': {}}",
      "[] {'type': 'object', 'properties': {}} {} {'type': 'object', 'properties': {}}",
      "{'command': 'python3', 'args': [], 'env': {}} {'entity_types': [], 'relationship_types': []}",
      '5.0',
      "{'type': 'object', 'properties': {}} False",
    ]);
  });

  it('validate as the original does, and say which model and field', () => {
    expect(py([
      'from dev.types.skill_types import *',
      'from dev.types.trigger_types import *',
      'from dev.types.interop_types import *',
      refused('SkillOptionDefinition(name="n", type="colour", label="L")'),
      refused('RelationshipTypeDeclaration(type="t", source_type="a", target_type="b", description="d", cardinality="some")'),
      refused('ExposedDataDefinition(name="n", description="d", visibility=["everyone"], handler=print)'),
      refused('ExposedFunctionDefinition(name="n", description="d")'),
      refused('TriggerCondition(type="threshold", value="high")'),
      refused('SkillDefinition(name="x", description="y", options=[{"name": "o", "type": "boolean"}])'),
      refused('SkillDefinition(name="x", description="y", runtime={"args": []})'),
      refused('SkillHooks(on_status=5)'),
      refused('Entity(id=1, type="t", name="n")'),
    ])).toEqual([
      'ValidationError | SkillOptionDefinition: field "type" must be one of boolean, text, number, select (got \'colour\')',
      'ValidationError | RelationshipTypeDeclaration: field "cardinality" must be one of one_to_one, one_to_many, many_to_one, many_to_many (got \'some\')',
      'ValidationError | ExposedDataDefinition: field "visibility" item 0 must be one of skills, frontend (got \'everyone\')',
      'ValidationError | ExposedFunctionDefinition: field "handler" is required',
      'ValidationError | TriggerCondition: field "value" must be a number (got \'high\')',
      'ValidationError | SkillDefinition: field "options" item 0 is not a valid SkillOptionDefinition: SkillOptionDefinition: field "label" is required',
      'ValidationError | SkillDefinition: field "runtime" is not a valid SkillRuntimeConfig: SkillRuntimeConfig: field "command" is required',
      'ValidationError | SkillHooks: field "on_status" must be a function (got 5)',
      'ValidationError | Entity: field "id" must be text (got 1)',
    ]);
  });

  it('frozen models refuse assignment and hash; the others stay mutable, as older skills expect', () => {
    expect(py([
      'from dev.types.skill_types import *',
      'from dev.types.trigger_types import *',
      'from dev.types.setup_types import SetupStep',
      'for m in [ToolDefinition(name="t", description="d"), SkillOptionDefinition(name="o", type="text", label="L"), Entity(id="1", type="t", name="n"),',
      '          TriggerCondition(type="regex"), SetupStep(id="s", title="S", fields=[]), EntitySchema()]:',
      '    try:',
      '        m.name = "changed"',
      '        print("assigned", type(m).__name__)',
      '    except ValueError as e:',
      '        print(type(m).__name__, "frozen:", "Instance is frozen" in str(e))',
      'p = dict(name="n", type="string", description="d"); print(hash(EntityPropertySchema(**p)) == hash(EntityPropertySchema(**p)))',
      'd = SkillDefinition(name="x", description="y"); d.version = "2.0.0"',
      't = TriggerInstance(id="1", type="t", name="n"); t.enabled = False',
      'r = ToolResult(content="a"); r.is_error = True',
      'print(d.version, t.enabled, r.is_error)',
    ])).toEqual([
      'ToolDefinition frozen: True',
      'SkillOptionDefinition frozen: True',
      'Entity frozen: True',
      'TriggerCondition frozen: True',
      'SetupStep frozen: True',
      'EntitySchema frozen: True',
      'True',
      '2.0.0 False True',
    ]);
  });

  it('model_dump, model_validate, model_copy, aliases and Field(default_factory, description) work like Pydantic', () => {
    expect(py([
      'from dev.types._model import Model, Field, ConfigDict',
      'from dev.types.interop_types import ExposedDataDefinition, ExposedDataInfo',
      'from dev.types.trigger_types import TriggerCondition, TriggerSchema',
      'class Note(Model):',
      '    model_config = ConfigDict(frozen=True)',
      '    title = Field(description="The title")',
      '    tags = Field(default_factory=list, description="Tags")',
      'a, b = Note(title="x"), Note(title="y")',
      'a.tags.append("mine")',
      'print(a.model_dump(), b.model_dump(), Note.model_fields["title"].description, Note.model_fields["tags"].is_required())',
      'c = a.model_copy(update={"title": "z"})',
      'print(c.title, a.title, c.tags)',
      'i = ExposedDataInfo(skill_id="s", name="n", description="d", schema={"type": "object"})',
      'print(i.schema_, i.model_dump(), i.model_dump(by_alias=True)["schema"])',
      's = TriggerSchema.model_validate({"trigger_types": [{"type": "t", "label": "T", "description": "d", "condition_fields": [{"name": "a.b", "type": "string", "description": "d"}]}]})',
      'print(type(s.trigger_types[0].condition_fields[0]).__name__, s.model_dump()["trigger_types"][0]["config_schema"])',
      'cond = TriggerCondition.model_validate({"type": "or", "conditions": [{"type": "keyword", "field": "t", "keywords": ["x"]}]})',
      'print(cond.model_dump(exclude_none=True), TriggerCondition.model_validate(cond) is cond)',
      'print(Note.model_validate_json(\'{"title": "j"}\').title)',
    ])).toEqual([
      "{'title': 'x', 'tags': ['mine']} {'title': 'y', 'tags': []} The title False",
      "z x ['mine']",
      "{'type': 'object'} {'skill_id': 's', 'name': 'n', 'description': 'd', 'schema_': {'type': 'object'}} {'type': 'object'}",
      'TriggerFieldSchema {}',
      "{'type': 'or', 'conditions': [{'type': 'keyword', 'field': 't', 'keywords': ['x']}]} True",
      'j',
    ]);
  });

  it('evaluate_condition matches as the original: regex flags, keywords any/all, thresholds, and/or/not, never raising', () => {
    expect(py([
      'from dev.utils.conditions import evaluate_condition as ev',
      'from dev.types.trigger_types import TriggerCondition as C',
      'd = {"message": {"text": "BTC pumps 5%", "n": "7"}}',
      'print(ev(C(type="regex", field="message.text", pattern="^btc", flags="i"), d), ev(C(type="regex", field="message.text", pattern="^btc"), d))',
      'print(ev(C(type="keyword", field="message.text", keywords=["eth", "btc"]), d), ev(C(type="keyword", field="message.text", keywords=["eth", "btc"], match_mode="all"), d))',
      'print(ev(C(type="threshold", field="message.n", operator="gte", value=7), d), ev({"type": "threshold", "field": "message.n", "operator": "lt", "value": 7}, d))',
      'print(ev(C(type="not", conditions=[C(type="keyword", field="message.text", keywords=["eth"])]), d), ev(C(type="and", conditions=[]), d))',
      'print(ev(C(type="regex", field="message.text", pattern="("), d), ev(C(type="threshold", field="missing.x", operator="gt", value=1), d))',
    ])).toEqual(['True False', 'True False', 'True False', 'True False', 'False False']);
  });
});
