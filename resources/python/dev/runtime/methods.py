"""The host -> skill methods SkillServer answers, one handler each: ``METHODS[method](server, params)``.

The seed's methods (tools, lifecycle, sessions, message hooks, setup) and the newer SDK's (``skill/status|
activate|deactivate|disconnect``, ``options/*``, ``triggers/*``, ``interop/*``), answered as the original SDK
answers them. Two differences, both additive: ``skill/status`` also describes the skill (name, version,
hasSetup, tickInterval, the entity schema...) and answers without an ``on_status`` hook (the original
refuses), because the workbench reads it to learn the skill; the status dict from the hook is under
``status`` as there.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, Callable, Dict

import dev
from dev.runtime import interop
from dev.runtime.errors import RpcFailure
from dev.runtime.transport import json_default
from dev.types.setup_types import result_to_wire, step_to_wire

if TYPE_CHECKING:  # pragma: no cover
    from dev.runtime.server import SkillServer

Params = Dict[str, Any]
# A handler returns its answer, or an awaitable of it.
Handler = Callable[["SkillServer", Params], Any]


async def tools_list(s: "SkillServer", p: Params) -> Any:
    tools = []
    for t in s.visible_tools().values():
        params = t.definition.parameters or {}
        schema = {"type": "object", "properties": params.get("properties", {}), "required": params.get("required")}
        # Keys the original dropped ($defs, additionalProperties...) are passed on: refs need their $defs.
        schema.update({k: v for k, v in params.items() if k not in schema})
        tools.append({"name": t.definition.name, "description": t.definition.description, "inputSchema": schema})
    return {"tools": tools}


async def tools_call(s: "SkillServer", p: Params) -> Any:
    name = p.get("name")
    tool = s.visible_tools().get(name) if isinstance(name, str) else None
    if tool is None:
        raise RpcFailure(f"Unknown tool: {name}")
    args = p.get("arguments")
    args = {} if args is None else args
    if not isinstance(args, dict):
        raise RpcFailure(f"tools/call needs arguments as an object (got {type(args).__name__})")
    result = await s.await_value(tool.execute(args))
    if isinstance(result, str):
        content, is_error = result, False
    elif isinstance(result, dict) and "content" in result:
        content, is_error = result["content"], result.get("is_error", result.get("isError", False))
    elif hasattr(result, "content"):
        content, is_error = result.content, getattr(result, "is_error", False)
    else:
        raise TypeError(f"Tool {name} returned {type(result).__name__}, not a ToolResult")
    if not isinstance(content, str):
        content = json.dumps(content, ensure_ascii=False, default=json_default)
    return {"content": [{"type": "text", "text": content}], "isError": bool(is_error)}


async def load(s: "SkillServer", p: Params) -> Any:
    if isinstance(p.get("manifest"), dict):
        s.manifest = p["manifest"]
    if isinstance(p.get("dataDir"), str) and p["dataDir"]:
        s.data_dir = p["dataDir"]
        try:
            os.makedirs(s.data_dir, exist_ok=True)
        except OSError as err:
            s.log(f"could not create the data folder {s.data_dir}: {err}")
    elif not s.data_dir:
        s.data_dir = os.path.join("skills", str((s.manifest or {}).get("id", "unknown")), "data")
    # What get_state() without await gives (see SkillContext.get_state); a host without state is fine.
    try:
        await s.context.refresh_state()
    except Exception as err:
        s.log(f"could not read the state before on_load: {err}")
    # As the original: saved options and triggers first, then on_load.
    await s.options.load()
    await s.triggers.load()
    await s.run_hook("on_load")
    s.loaded = True
    return {"ok": True}


async def unload(s: "SkillServer", p: Params) -> Any:
    await s.run_hook("on_unload")
    s.loaded = False
    return {"ok": True}


def simple(hook: str) -> Handler:
    async def run(s: "SkillServer", p: Params) -> Any:
        await s.run_hook(hook)
        return {"ok": True}
    return run


async def ok(s: "SkillServer", p: Params) -> Any:
    return {"ok": True}


async def session_start(s: "SkillServer", p: Params) -> Any:
    sid = str(p.get("sessionId") or "")
    s.session_id = sid
    s.session_data.setdefault(sid, {})
    await s.run_hook("on_session_start", sid)
    return {"ok": True}


async def session_end(s: "SkillServer", p: Params) -> Any:
    sid = str(p.get("sessionId") or "")
    try:
        await s.run_hook("on_session_end", sid)
    finally:
        s.session_data.pop(sid, None)
        if s.session_id == sid:
            s.session_id = None
    return {"ok": True}


def text_hook(hook: str, key: str) -> Handler:
    async def run(s: "SkillServer", p: Params) -> Any:
        result = await s.run_hook(hook, p.get(key, ""))
        if result is not None and not isinstance(result, str):
            raise TypeError(f"{hook} must return text or None (got {type(result).__name__})")
        return {key: result}
    return run


async def setup_start(s: "SkillServer", p: Params) -> Any:
    if s.hook("on_setup_start") is None:
        raise RpcFailure("Skill does not implement setup flow")
    return {"step": step_to_wire(await s.run_hook("on_setup_start"))}


async def setup_submit(s: "SkillServer", p: Params) -> Any:
    if s.hook("on_setup_submit") is None:
        raise RpcFailure("Skill does not implement setup flow")
    values = p.get("values")
    values = values if isinstance(values, dict) else {}
    return result_to_wire(await s.run_hook("on_setup_submit", str(p.get("stepId") or ""), values))


async def status(s: "SkillServer", p: Params) -> Any:
    k = s.skill
    schema = getattr(k, "entity_schema", None)
    out = {
        "name": getattr(k, "name", None), "version": getattr(k, "version", None),
        "description": getattr(k, "description", None), "hasSetup": bool(getattr(k, "has_setup", False)),
        "hasDisconnect": bool(getattr(k, "has_disconnect", False)),
        "tickInterval": getattr(k, "tick_interval", None), "tools": len(s.visible_tools()), "loaded": s.loaded,
        "sessionId": s.session_id, "dataDir": s.data_dir or None,
        "entitySchema": schema.model_dump() if hasattr(schema, "model_dump") else None,
        "features": s.features(),
        "sdk": getattr(dev, "SDK_NAME", "skillbench"), "sdkVersion": getattr(dev, "__version__", None),
    }
    if s.hook("on_status") is not None:
        out["status"] = await s.run_hook("on_status")
    return out


async def disconnect(s: "SkillServer", p: Params) -> Any:
    if not getattr(s.skill, "has_disconnect", False):
        raise RpcFailure("Skill does not support disconnect")
    if s.hook("on_disconnect") is None:
        raise RpcFailure("Skill has no on_disconnect hook")
    await s.run_hook("on_disconnect")
    return {"ok": True}


METHODS: Dict[str, Handler] = {
    "tools/list": tools_list,
    "tools/call": tools_call,
    "skill/load": load,
    "skill/unload": unload,
    "skill/tick": simple("on_tick"),
    "skill/shutdown": ok,
    "skill/sessionStart": session_start,
    "skill/sessionEnd": session_end,
    "skill/beforeMessage": text_hook("on_before_message", "message"),
    "skill/afterResponse": text_hook("on_after_response", "response"),
    "skill/status": status,
    "skill/activate": ok,
    "skill/deactivate": ok,
    "skill/disconnect": disconnect,
    "setup/start": setup_start,
    "setup/submit": setup_submit,
    "setup/cancel": simple("on_setup_cancel"),
    "options/list": lambda s, p: s.options.listing(),
    "options/get": lambda s, p: {"options": s.options.current()},
    "options/set": lambda s, p: s.options.set(p),
    "options/reset": lambda s, p: s.options.reset(p),
    "triggers/types": lambda s, p: s.triggers.types(p),
    "triggers/list": lambda s, p: s.triggers.list(p),
    "triggers/get": lambda s, p: s.triggers.get(p),
    "triggers/create": lambda s, p: s.triggers.create(p),
    "triggers/update": lambda s, p: s.triggers.update(p),
    "triggers/delete": lambda s, p: s.triggers.delete(p),
    "interop/listExposed": interop.handle_list_exposed,
    "interop/getData": interop.handle_get_data,
    "interop/callFunction": interop.handle_call_function,
}
