"""Triggers: the instances registered against a skill's ``trigger_schema``, as the original SDK keeps them.

``triggers/types|list|get|create|update|delete`` from the host, and the same through six tools the SDK adds
to a skill that declares a trigger schema (``list-trigger-types``, ``list-triggers``, ``get-trigger``,
``create-trigger``, ``update-trigger``, ``delete-trigger``), so the AI can manage them too. Instances are
saved in the skill's ``triggers.json`` and loaded back on ``skill/load``, where ``on_trigger_register`` runs
for each; ``create`` runs it too and ``delete`` runs ``on_trigger_remove`` (``update`` runs neither, as in the
original). ``fire()`` sends ``triggers/fired`` to the host.
"""

from __future__ import annotations

import datetime
import json
import re
import uuid
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional

from dev.runtime.errors import RpcFailure
from dev.types.skill_types import SkillTool, ToolDefinition, ToolResult
from dev.types.trigger_types import LEAF_TYPES, TriggerCondition, TriggerInstance

if TYPE_CHECKING:  # pragma: no cover
    from dev.runtime.server import SkillServer

TRIGGERS_FILE = "triggers.json"
MAX_DEPTH = 5
_UPDATABLE = ("name", "description", "config", "enabled", "metadata")


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat()


class Triggers:
    def __init__(self, server: "SkillServer", schema: Any):
        self._server = server
        self.schema = schema
        self.instances: Dict[str, TriggerInstance] = {}
        self.tools: Dict[str, SkillTool] = _tools(self) if schema is not None else {}

    # ---- the host's methods -------------------------------------------------------------------------------

    def types(self, params: Any = None) -> Dict[str, Any]:
        kinds = self.schema.trigger_types if self.schema is not None else []
        return {"triggerTypes": [{
            "type": t.type,
            "label": t.label,
            "description": t.description,
            "conditionFields": [{"name": f.name, "type": f.type, "description": f.description}
                                for f in t.condition_fields],
            "configSchema": t.config_schema,
        } for t in kinds]}

    def list(self, params: Any = None) -> Dict[str, Any]:
        return {"triggers": [self.wire(t) for t in self.instances.values()]}

    def get(self, params: Dict[str, Any]) -> Dict[str, Any]:
        return {"trigger": self.wire(self._existing(params.get("id", "")))}

    async def create(self, params: Dict[str, Any]) -> Dict[str, Any]:
        kind, name, raw = params.get("type", ""), params.get("name", ""), params.get("conditions", [])
        if not kind:
            raise RpcFailure("Trigger type is required")
        if not name:
            raise RpcFailure("Trigger name is required")
        if not raw:
            raise RpcFailure("At least one condition is required")
        valid = self._type_names()
        if valid is not None and kind not in valid:
            raise RpcFailure(f"Unknown trigger type: {kind}. Valid: {sorted(valid)}")
        trigger = self._build(id=str(uuid.uuid4()), type=kind, name=name,
                              description=params.get("description", ""), conditions=self._conditions(raw, kind),
                              config=params.get("config", {}), enabled=params.get("enabled", True),
                              created_at=_now(), metadata=params.get("metadata", {}))
        self.instances[trigger.id] = trigger
        await self._save()
        await self._server.run_hook("on_trigger_register", trigger)
        return {"trigger": self.wire(trigger)}

    async def update(self, params: Dict[str, Any]) -> Dict[str, Any]:
        old = self._existing(params.get("id", ""))
        fields = old.model_dump()
        fields["conditions"] = list(old.conditions)
        fields.update({k: params[k] for k in _UPDATABLE if k in params})
        if "conditions" in params:
            fields["conditions"] = self._conditions(params["conditions"], old.type)
        trigger = self._build(**fields)
        self.instances[trigger.id] = trigger
        await self._save()
        return {"trigger": self.wire(trigger)}

    async def delete(self, params: Dict[str, Any]) -> Dict[str, Any]:
        trigger_id = self._existing(params.get("id", "")).id
        del self.instances[trigger_id]
        await self._save()
        await self._server.run_hook("on_trigger_remove", trigger_id)
        return {"ok": True}

    # ---- firing, saving, loading ---------------------------------------------------------------------------

    def fire(self, trigger_id: str, matched_data: Optional[Dict[str, Any]] = None,
             context: Optional[Dict[str, Any]] = None) -> Any:
        """Sends ``triggers/fired`` now; returns the awaitable reply (or None for an unknown trigger, logged)."""
        trigger = self.instances.get(trigger_id)
        if trigger is None:
            self._server.log(f"fire_trigger: there is no trigger {trigger_id}; nothing sent")
            return None
        return self._server.fire("triggers/fired", {
            "triggerId": trigger.id, "triggerName": trigger.name, "triggerType": trigger.type, "firedAt": _now(),
            "matchedData": matched_data or {}, "context": context or {},
        })

    @staticmethod
    def wire(t: TriggerInstance, created_key: str = "createdAt") -> Dict[str, Any]:
        return {"id": t.id, "type": t.type, "name": t.name, "description": t.description,
                "conditions": [c.model_dump(exclude_none=True) for c in t.conditions], "config": t.config,
                "enabled": t.enabled, created_key: t.created_at, "metadata": t.metadata}

    async def _save(self) -> None:
        data = [self.wire(t, "created_at") for t in self.instances.values()]
        try:
            await self._server.context.write_data(TRIGGERS_FILE, json.dumps(data))
        except Exception as err:
            self._server.log(f"could not save {TRIGGERS_FILE}: {err}")

    async def load(self) -> None:
        if self.schema is None:
            return
        try:
            raw = await self._server.context.read_data(TRIGGERS_FILE)
            saved = json.loads(raw) if raw else []
        except Exception as err:
            self._server.log(f"could not read {TRIGGERS_FILE}; no triggers loaded: {err}")
            saved = []
        valid = self._type_names() or set()
        for item in saved if isinstance(saved, list) else []:
            if not isinstance(item, dict):
                continue
            try:
                trigger = self._build(
                    id=item.get("id", ""), type=item.get("type", ""), name=item.get("name", ""),
                    description=item.get("description", ""),
                    conditions=[c for c in item.get("conditions", []) if isinstance(c, dict)],
                    config=item.get("config", {}), enabled=item.get("enabled", True),
                    created_at=item.get("created_at", item.get("createdAt", "")), metadata=item.get("metadata", {}))
            except RpcFailure as err:
                self._server.log(f"skipped a saved trigger that is not valid: {err}")
                continue
            if trigger.type not in valid:
                self._server.log(f'saved trigger type "{trigger.type}" is no longer declared; loaded anyway')
            self.instances[trigger.id] = trigger
            try:
                await self._server.run_hook("on_trigger_register", trigger)
            except Exception as err:
                self._server.log(f"on_trigger_register failed for trigger {trigger.id}: {err}")

    # ---- checks ----------------------------------------------------------------------------------------------

    def _existing(self, trigger_id: Any) -> TriggerInstance:
        trigger = self.instances.get(trigger_id) if isinstance(trigger_id, str) else None
        if trigger is None:
            raise RpcFailure(f"Unknown trigger: {trigger_id}")
        return trigger

    def _type_names(self) -> Optional[set]:
        return {t.type for t in self.schema.trigger_types} if self.schema is not None else None

    @staticmethod
    def _build(**fields: Any) -> TriggerInstance:
        try:
            return TriggerInstance(**fields)
        except ValueError as err:
            raise RpcFailure(str(err)) from None

    def _conditions(self, raw: Any, kind: str) -> List[TriggerCondition]:
        if not isinstance(raw, list):
            raise RpcFailure("conditions must be a list of condition objects")
        declared = next((t for t in (self.schema.trigger_types if self.schema else []) if t.type == kind), None)
        fields = {f.name for f in declared.condition_fields} if declared is not None else None
        out = []
        for i, item in enumerate(raw):
            try:
                cond = TriggerCondition.model_validate(item)
            except ValueError as err:
                raise RpcFailure(f"condition {i + 1} is not valid: {err}") from None
            self._check(cond, 0, fields)
            out.append(cond)
        return out

    def _check(self, cond: TriggerCondition, depth: int, fields: Optional[set]) -> None:
        if depth > MAX_DEPTH:
            raise RpcFailure(f"Condition nesting depth exceeds maximum of {MAX_DEPTH}")
        if fields is not None and cond.type in LEAF_TYPES and cond.field and cond.field not in fields:
            self._server.log(f"warning: condition field '{cond.field}' is not among the declared fields")
        if cond.type == "regex" and cond.pattern:
            try:
                re.compile(cond.pattern)
            except re.error as err:
                raise RpcFailure(f"Invalid regex pattern '{cond.pattern}': {err}") from None
        for sub in cond.conditions or []:
            self._check(sub, depth + 1, fields)


# ---- the tools the SDK adds --------------------------------------------------------------------------------

_OBJ = {"type": "object"}


def _tool(name: str, description: str, run: Callable[[Dict[str, Any]], Any], properties: Dict[str, Any],
          required: Optional[List[str]] = None) -> SkillTool:
    params: Dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        params["required"] = required

    async def execute(args: Dict[str, Any]) -> ToolResult:
        try:
            result = run(args or {})
            if hasattr(result, "__await__"):
                result = await result
        except RpcFailure as err:
            return ToolResult(content=str(err), is_error=True)
        return ToolResult(content=json.dumps(result, indent=2))

    return SkillTool(definition=ToolDefinition(name=name, description=description, parameters=params), execute=execute)


def _tools(t: Triggers) -> Dict[str, SkillTool]:
    fields = {"name": {"type": "string", "description": "A name for people"},
              "description": {"type": "string", "description": "What it is for"},
              "conditions": {"type": "array", "items": _OBJ, "description": "Condition objects (at least one)"},
              "config": dict(_OBJ, description="Settings of this trigger type"),
              "enabled": {"type": "boolean", "description": "On or off (default on)"},
              "metadata": dict(_OBJ, description="Anything else to keep with it")}
    ident = {"id": {"type": "string", "description": "The trigger's id"}}
    made = [
        _tool("list-trigger-types", "The kinds of trigger this skill supports, with the fields their conditions "
              "may test", t.types, {}),
        _tool("list-triggers", "Every registered trigger", t.list, {}),
        _tool("get-trigger", "One trigger by id", t.get, ident, ["id"]),
        _tool("create-trigger", "Register a trigger: a type, a name and its conditions", t.create,
              dict({"type": {"type": "string", "description": "One of the declared trigger types"}}, **fields),
              ["type", "name", "conditions"]),
        _tool("update-trigger", "Change a trigger's name, description, conditions, config, enabled or metadata",
              t.update, dict(ident, **fields), ["id"]),
        _tool("delete-trigger", "Remove a trigger by id", t.delete, ident, ["id"]),
    ]
    return {tool.definition.name: tool for tool in made}
