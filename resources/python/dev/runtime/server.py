"""SkillServer: runs a SkillDefinition as a JSON-RPC 2.0 process over stdio.

    from dev.runtime.server import SkillServer
    SkillServer(skill).start()

Framing: one JSON object per line; ASCII-only output (non-ASCII as \\uXXXX); logs on stderr. A background
thread reads stdin with os.read, so lines of any length are fine (asyncio's StreamReader stops at 64 KiB).

Concurrency: every host request runs in its own task and is answered when it finishes, in any order. So a
hook may call back to the host (``await ctx.get_state()``) while the host waits for that hook's answer.
The skill numbers its own reverse calls from 1; the host's answers are the messages without ``method``.
Reverse calls time out after 30 s (env ``SKILL_REVERSE_TIMEOUT_S`` overrides it).

Once started, ``print()`` output goes to stderr: fd 1 is pointed at stderr and the protocol keeps a private
copy of the real stdout, so stray prints from a skill or its libraries never break a message.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import sys
import traceback
from typing import Any, Dict, Optional, Tuple

import dev
from dev.runtime.context import SkillContext
from dev.runtime.errors import ReverseCallError, RpcFailure, reverse_timeout
from dev.runtime.transport import encode, json_default, start_reader, take_stdout
from dev.types.setup_types import result_to_wire, step_to_wire

__all__ = ["SkillServer", "ReverseCallError"]

INTERNAL_ERROR = -32603
SHUTDOWN_GRACE_S = 0.05
EOF_GRACE_S = 1.0


def _clip(text: str, n: int = 200) -> str:
    return text if len(text) <= n else text[:n] + f"... ({len(text)} characters)"


def _seconds(s: float) -> str:
    return f"{s:g} s"


async def _maybe_await(value: Any) -> Any:
    """Hooks and tools are meant to be async; a plain function is accepted too."""
    return await value if inspect.isawaitable(value) else value


class SkillServer:
    """JSON-RPC 2.0 server between one SkillDefinition and its host."""

    def __init__(self, skill: Any) -> None:
        self.skill = skill
        self.hooks = getattr(skill, "hooks", None)
        self.tools: Dict[str, Any] = {t.definition.name: t for t in (getattr(skill, "tools", None) or [])}
        self.manifest: Optional[Dict[str, Any]] = None
        self.data_dir = ""
        self.loaded = False
        self.session_id: Optional[str] = None
        self.session_data: Dict[str, Dict[str, Any]] = {}
        self.reverse_timeout = reverse_timeout()
        self.context = SkillContext(self)
        self.memory_lock: Optional[asyncio.Lock] = None
        self._pending: Dict[int, asyncio.Future] = {}
        self._next_id = 1
        self._tasks: set = set()
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._done: Optional[asyncio.Future] = None
        self._out: Any = None
        self._shutting_down = False

    # ---- public -------------------------------------------------------------------------------------------

    def start(self) -> None:
        """Serves until stdin closes or the host sends skill/shutdown (then the process exits 0)."""
        self._out = take_stdout()
        asyncio.run(self._main())

    async def call(self, method: str, params: Any = None, timeout: Optional[float] = None) -> Any:
        """A reverse call to the host; raises ReverseCallError on an error answer or after the timeout."""
        msg_id, fut = self._send_request(method, params)
        return await self._await_reply(method, msg_id, fut, timeout)

    def fire(self, method: str, params: Any = None) -> "asyncio.Task":
        """Sends a reverse call now and does not wait; failures are logged. The returned task is awaitable."""
        msg_id, fut = self._send_request(method, params)
        task = self._spawn(self._await_reply(method, msg_id, fut, None))
        task.add_done_callback(self._log_failure)
        return task

    def _log_failure(self, task: "asyncio.Task") -> None:
        # Reading the exception also keeps asyncio from warning "exception was never retrieved".
        if not task.cancelled() and task.exception() is not None:
            self.log(f"fire-and-forget call failed: {task.exception()}")

    def log(self, message: str) -> None:
        sys.stderr.write(f"skillbench: {message}\n")
        sys.stderr.flush()

    # ---- the loop -----------------------------------------------------------------------------------------

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._done = self._loop.create_future()
        self.memory_lock = asyncio.Lock()
        fd = sys.stdin.fileno() if sys.stdin is not None else 0
        start_reader(fd, self._loop, self._on_line, self._on_eof)
        await self._done

    def _on_line(self, raw: bytes) -> None:
        text = raw.decode("utf-8", "replace").strip()
        if not text:
            return
        try:
            msg = json.loads(text)
        except ValueError:
            self.log(f"ignored a line that is not JSON: {_clip(text)}")
            return
        for m in msg if isinstance(msg, list) else [msg]:
            self._on_message(m)

    def _on_message(self, m: Any) -> None:
        if not isinstance(m, dict):
            self.log(f"ignored a message that is not a JSON object: {_clip(json.dumps(m))}")
            return
        method = m.get("method")
        if isinstance(method, str):
            if self._shutting_down:
                self.log(f"ignored {method}: the skill is shutting down")
                return
            self._spawn(self._handle(m.get("id"), method, m.get("params")))
            return
        if "result" in m or "error" in m:
            msg_id = m.get("id")
            fut = self._pending.pop(msg_id, None) if isinstance(msg_id, (int, str)) else None
            if fut is None:
                self.log(f"ignored an answer to unknown id {msg_id!r} (late, or not ours)")
            elif not fut.done():
                err = m.get("error")
                if err:
                    e = err if isinstance(err, dict) else {"message": str(err)}
                    fut.set_exception(ReverseCallError("", str(e.get("message", "error")), e.get("code")))
                else:
                    fut.set_result(m.get("result"))
            return
        self.log(f"ignored a message that is neither a request nor an answer: {_clip(json.dumps(m))}")

    def _on_eof(self) -> None:
        """The host closed stdin: give running handlers a moment, then end."""
        for msg_id, fut in list(self._pending.items()):
            if not fut.done():
                fut.set_exception(ReverseCallError("", "the host closed the connection (stdin ended)"))
            self._pending.pop(msg_id, None)

        async def finish() -> None:
            busy = [t for t in self._tasks if t is not asyncio.current_task()]
            if busy:
                await asyncio.wait(busy, timeout=EOF_GRACE_S)
            if self._done and not self._done.done():
                self._done.set_result(None)

        self._spawn(finish())

    def _spawn(self, coro: Any) -> "asyncio.Task":
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)  # a strong reference, or the task may be collected mid-flight
        task.add_done_callback(self._tasks.discard)
        return task

    # ---- output -------------------------------------------------------------------------------------------

    def _send(self, msg: Dict[str, Any], data: Optional[bytes] = None) -> None:
        data = encode(msg) if data is None else data
        try:
            self._out.write(data)
            self._out.flush()
        except (BrokenPipeError, OSError, ValueError) as err:
            if not self._shutting_down:
                self.log(f"cannot write to the host ({err}); stopping")
                self._shutting_down = True
                self._exit_soon(1)

    def _send_request(self, method: str, params: Any) -> Tuple[int, asyncio.Future]:
        msg_id = self._next_id
        self._next_id += 1
        msg: Dict[str, Any] = {"jsonrpc": "2.0", "id": msg_id, "method": method}
        if params is not None:
            msg["params"] = params
        data = encode(msg)  # params that are not JSON fail here, in the skill's own call, before anything is sent
        fut = asyncio.get_running_loop().create_future()
        self._pending[msg_id] = fut
        self._send(msg, data)
        return msg_id, fut

    async def _await_reply(self, method: str, msg_id: int, fut: asyncio.Future, timeout: Optional[float]) -> Any:
        limit = self.reverse_timeout if timeout is None else timeout
        try:
            return await asyncio.wait_for(fut, limit)
        except asyncio.TimeoutError:
            self._pending.pop(msg_id, None)
            message = f"Reverse call {method} got no answer from the host within {_seconds(limit)}"
            raise ReverseCallError(method, message) from None
        except ReverseCallError as err:
            raise ReverseCallError(method, f"{method} failed on the host: {err}", err.code) from None

    def _respond(self, msg_id: Any, result: Any) -> None:
        try:
            self._send({"jsonrpc": "2.0", "id": msg_id, "result": result})
        except (TypeError, ValueError) as err:
            self._error(msg_id, f"The skill's answer could not be sent as JSON: {err}")

    def _error(self, msg_id: Any, message: str) -> None:
        self._send({"jsonrpc": "2.0", "id": msg_id, "error": {"code": INTERNAL_ERROR, "message": message}})

    def _exit_soon(self, code: int) -> None:
        """Exits without waiting on the loop's cleanup, which could hang on a busy executor thread."""
        def leave() -> None:
            for stream in (self._out, sys.stdout, sys.stderr):
                try:
                    stream.flush()
                except Exception:
                    pass
            os._exit(code)
        assert self._loop is not None
        self._loop.call_later(SHUTDOWN_GRACE_S, leave)

    # ---- requests -----------------------------------------------------------------------------------------

    async def _handle(self, msg_id: Any, method: str, params: Any) -> None:
        p = params if isinstance(params, dict) else {}
        try:
            result = await self._dispatch(method, p)
        except RpcFailure as err:
            self._fail(msg_id, method, str(err))
        except Exception as err:  # a hook or tool failed: the host gets the message, the log the traceback
            self.log(f"{method} failed:\n{traceback.format_exc().rstrip()}")
            self._fail(msg_id, method, str(err) or type(err).__name__)
        else:
            if msg_id is not None:
                self._respond(msg_id, result)
            if method == "skill/shutdown":
                self._shutting_down = True
                self._exit_soon(0)

    def _fail(self, msg_id: Any, method: str, message: str) -> None:
        if msg_id is None:
            self.log(f"notification {method} failed: {message}")
        else:
            self._error(msg_id, message)

    async def _dispatch(self, method: str, p: Dict[str, Any]) -> Any:
        handler = _METHODS.get(method)
        if handler is None:
            raise RpcFailure(f"Unknown method: {method}")
        return await handler(self, p)

    def _hook(self, name: str) -> Any:
        return getattr(self.hooks, name, None) if self.hooks is not None else None

    async def _run_hook(self, name: str, *args: Any) -> Any:
        fn = self._hook(name)
        return None if fn is None else await _maybe_await(fn(self.context, *args))

    async def _tools_list(self, p: Dict[str, Any]) -> Any:
        tools = []
        for t in self.tools.values():
            params = t.definition.parameters or {}
            schema = {"type": "object", "properties": params.get("properties", {}), "required": params.get("required")}
            # Keys the original dropped ($defs, additionalProperties...) are passed on: refs need their $defs.
            schema.update({k: v for k, v in params.items() if k not in schema})
            tools.append({"name": t.definition.name, "description": t.definition.description, "inputSchema": schema})
        return {"tools": tools}

    async def _tools_call(self, p: Dict[str, Any]) -> Any:
        name = p.get("name")
        tool = self.tools.get(name) if isinstance(name, str) else None
        if tool is None:
            raise RpcFailure(f"Unknown tool: {name}")
        args = p.get("arguments")
        args = {} if args is None else args
        if not isinstance(args, dict):
            raise RpcFailure(f"tools/call needs arguments as an object (got {type(args).__name__})")
        result = await _maybe_await(tool.execute(args))
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

    async def _load(self, p: Dict[str, Any]) -> Any:
        if isinstance(p.get("manifest"), dict):
            self.manifest = p["manifest"]
        if isinstance(p.get("dataDir"), str) and p["dataDir"]:
            self.data_dir = p["dataDir"]
            try:
                os.makedirs(self.data_dir, exist_ok=True)
            except OSError as err:
                self.log(f"could not create the data folder {self.data_dir}: {err}")
        elif not self.data_dir:
            self.data_dir = os.path.join("skills", str((self.manifest or {}).get("id", "unknown")), "data")
        await self._run_hook("on_load")
        self.loaded = True
        return {"ok": True}

    async def _unload(self, p: Dict[str, Any]) -> Any:
        await self._run_hook("on_unload")
        self.loaded = False
        return {"ok": True}

    async def _simple(self, hook: str) -> Any:
        await self._run_hook(hook)
        return {"ok": True}

    async def _session_start(self, p: Dict[str, Any]) -> Any:
        sid = str(p.get("sessionId") or "")
        self.session_id = sid
        self.session_data.setdefault(sid, {})
        await self._run_hook("on_session_start", sid)
        return {"ok": True}

    async def _session_end(self, p: Dict[str, Any]) -> Any:
        sid = str(p.get("sessionId") or "")
        try:
            await self._run_hook("on_session_end", sid)
        finally:
            self.session_data.pop(sid, None)
            if self.session_id == sid:
                self.session_id = None
        return {"ok": True}

    async def _text_hook(self, hook: str, key: str, p: Dict[str, Any]) -> Any:
        value = p.get(key, "")
        result = await self._run_hook(hook, value)
        if result is not None and not isinstance(result, str):
            raise TypeError(f"{hook} must return text or None (got {type(result).__name__})")
        return {key: result}

    async def _setup_start(self, p: Dict[str, Any]) -> Any:
        if self._hook("on_setup_start") is None:
            raise RpcFailure("Skill does not implement setup flow")
        return {"step": step_to_wire(await self._run_hook("on_setup_start"))}

    async def _setup_submit(self, p: Dict[str, Any]) -> Any:
        if self._hook("on_setup_submit") is None:
            raise RpcFailure("Skill does not implement setup flow")
        values = p.get("values")
        values = values if isinstance(values, dict) else {}
        result = await self._run_hook("on_setup_submit", str(p.get("stepId") or ""), values)
        return result_to_wire(result)

    async def _status(self, p: Dict[str, Any]) -> Any:
        s = self.skill
        out = {
            "name": getattr(s, "name", None), "version": getattr(s, "version", None),
            "description": getattr(s, "description", None), "hasSetup": bool(getattr(s, "has_setup", False)),
            "tickInterval": getattr(s, "tick_interval", None), "tools": len(self.tools), "loaded": self.loaded,
            "sessionId": self.session_id, "dataDir": self.data_dir or None,
            "sdk": getattr(dev, "SDK_NAME", "skillbench"), "sdkVersion": getattr(dev, "__version__", None),
        }
        if self._hook("on_status") is not None:
            out["status"] = await self._run_hook("on_status")
        return out

    async def _disconnect(self, p: Dict[str, Any]) -> Any:
        if self._hook("on_disconnect") is None:
            raise RpcFailure("Skill has no on_disconnect hook")
        return await self._simple("on_disconnect")

    async def _ok(self, p: Dict[str, Any]) -> Any:
        return {"ok": True}


_METHODS = {
    "tools/list": SkillServer._tools_list,
    "tools/call": SkillServer._tools_call,
    "skill/load": SkillServer._load,
    "skill/unload": SkillServer._unload,
    "skill/tick": lambda s, p: s._simple("on_tick"),
    "skill/shutdown": SkillServer._ok,
    "skill/sessionStart": SkillServer._session_start,
    "skill/sessionEnd": SkillServer._session_end,
    "skill/beforeMessage": lambda s, p: s._text_hook("on_before_message", "message", p),
    "skill/afterResponse": lambda s, p: s._text_hook("on_after_response", "response", p),
    "skill/status": SkillServer._status,
    "skill/activate": SkillServer._ok,
    "skill/deactivate": SkillServer._ok,
    "skill/disconnect": SkillServer._disconnect,
    "setup/start": SkillServer._setup_start,
    "setup/submit": SkillServer._setup_submit,
    "setup/cancel": lambda s, p: s._simple("on_setup_cancel"),
}
