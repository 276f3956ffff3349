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
from typing import Any, Callable, Dict, Optional, Tuple

from dev.runtime.context import SkillContext
from dev.runtime.errors import ReverseCallError, RpcFailure, reverse_timeout
from dev.runtime.interop import build_interop_tools
from dev.runtime.methods import METHODS
from dev.runtime.options import Options
from dev.runtime.transport import encode, start_reader, take_stdout
from dev.runtime.triggers import Triggers

__all__ = ["SkillServer", "ReverseCallError", "run_skill_server"]

INTERNAL_ERROR = -32603
SHUTDOWN_GRACE_S = 0.05
EOF_GRACE_S = 1.0
NEWER_HOOKS = ("on_status", "on_options_change", "on_disconnect", "on_trigger_register", "on_trigger_remove",
               "on_interop_data", "on_interop_call")


def _clip(text: str, n: int = 200) -> str:
    return text if len(text) <= n else text[:n] + f"... ({len(text)} characters)"


def _seconds(s: float) -> str:
    return f"{s:g} s"


async def _maybe_await(value: Any) -> Any:
    """Hooks and tools are meant to be async; a plain function is accepted too."""
    return await value if inspect.isawaitable(value) else value


class SkillServer:
    """JSON-RPC 2.0 server between one SkillDefinition and its host."""

    #: Set by the workbench's launcher: one line for an ImportError of a package the interpreter lacks (a hook
    #: that imports the MCP server late, say), in the words of a failed import; None to answer the bare message.
    explain_import: Optional[Callable[[BaseException], Optional[str]]] = None

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
        self.options = Options(self, list(getattr(skill, "options", None) or []))
        self.triggers = Triggers(self, getattr(skill, "trigger_schema", None))
        # Five interop tools on every skill, after its own, as the original SDK lists them.
        self.interop_tools = build_interop_tools(self)
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

    def done(self, value: Any) -> "asyncio.Future":
        """An already-finished awaitable, for a plain call that had nothing to send."""
        fut = asyncio.get_running_loop().create_future()
        fut.set_result(value)
        return fut

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
            explain = type(self).explain_import
            said = explain(err) if explain is not None and isinstance(err, ImportError) else None
            self._fail(msg_id, method, said or str(err) or type(err).__name__)
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
        handler = METHODS.get(method)
        if handler is None:
            raise RpcFailure(f"Unknown method: {method}")
        return await _maybe_await(handler(self, p))

    def hook(self, name: str) -> Any:
        return getattr(self.hooks, name, None) if self.hooks is not None else None

    async def run_hook(self, name: str, *args: Any) -> Any:
        """Runs a hook with the context first; None when the skill has no such hook."""
        fn = self.hook(name)
        return None if fn is None else await _maybe_await(fn(self.context, *args))

    async def await_value(self, value: Any) -> Any:
        return await _maybe_await(value)

    def visible_tools(self) -> Dict[str, Any]:
        """The skill's tools less those a false option hides, then the triggers' and interop tools the SDK adds."""
        hidden = self.options.hidden_tools()
        out = {name: t for name, t in self.tools.items() if name not in hidden}
        for extra in (self.triggers.tools, self.interop_tools):
            for name, t in extra.items():
                out.setdefault(name, t)
        return out

    def features(self) -> list:
        """Which parts of the newer SDK surface this skill uses (for the host's inspector)."""
        k = self.skill
        found = [name for name, used in (
            ("options", bool(self.options.defs)), ("triggers", self.triggers.schema is not None),
            ("interop", getattr(k, "interop_schema", None) is not None),
            ("entitySchema", getattr(k, "entity_schema", None) is not None),
            ("disconnect", bool(getattr(k, "has_disconnect", False))),
        ) if used]
        return found + [h for h in NEWER_HOOKS if self.hook(h) is not None]


def run_skill_server(skill: Any) -> None:
    """``SkillServer(skill).start()``; some skills' ``__main__.py`` import it by this name."""
    SkillServer(skill).start()
