"""Skill Workbench's local runner for namel3ss Python tools (python-tool-protocol, version 1).

Reads one request from stdin:  {"protocol_version": 1, "tool": "...", "entry": "tools.mod:func", "payload": {...}}
  optionally with "sandbox": true and "capability_context": {...} (namel3ss's, enforced by namel3ss_sandbox),
  "paths": [...] (a pack's folders, searched before the app) and "module_roots": [...] (where the entry's
  module may come from; the app's tools/ folder by default).
Writes one response to stdout: {"ok": true, "protocol_version": 1, "result": ..., "capability_checks": [...]}
                           or  {"ok": false, "protocol_version": 1, "error": {"type": "...", "message": "...",
                                "reason_code": "..."}, "capability_checks": [...]}
and exits 0 in both cases. A crash that leaves stdout empty is the host's "process failed".

The request also names "app_root", the app's folder; the working directory is the app root, or a sandboxed
tool's workspace. Started isolated (`python -I runner.py`: no PYTHONPATH, no user site, neither the app nor the
working directory on sys.path), the runner imports only the standard library and its own modules; the app's
folders (PYTHONPATH, a pack's folders, the app) join sys.path in the tool's process, after its confinement is
installed, so no file in the app (a `sitecustomize.py`, a `json.py`) runs before it or replaces its imports.
Standard library only; Python 3.9 or newer.
"""

import importlib
import json
import os
import sys

# Isolated mode leaves this folder off sys.path: the runner's own modules come from here, and only from here.
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))

import namel3ss_isolate as isolate  # noqa: E402
import namel3ss_protocol as protocol  # noqa: E402
from namel3ss_protocol import PROTOCOL_VERSION  # noqa: E402
# namel3ss_sandbox, imported only for a sandboxed call (it costs start-up time every call would pay).
sandbox = None


def _protocol_stream():
    """Keeps the real stdout for the response and points fd 1 at stderr.

    Done at the file-descriptor level so that prints from the tool, from modules it imports and from
    child processes it starts all land in stderr (the workbench's log) and never corrupt the response.
    """
    proto_fd = os.dup(1)
    sys.stdout.flush()
    os.dup2(2, 1)
    try:
        sys.stdout.reconfigure(line_buffering=True)  # the tool's prints reach the log as they happen
    except (AttributeError, ValueError):
        pass
    return os.fdopen(proto_fd, "w", encoding="utf-8", newline="\n")


def _error(err_type, message):
    return protocol.error(err_type, message, protocol_version=PROTOCOL_VERSION)


def _enter_app(request):
    """The app's folders on sys.path, in the tool's process only (after its confinement, before its import).

    In namel3ss's order: a pack's own folders, the app, then the PYTHONPATH the tool was given. This
    runner's folder leaves sys.path, so nothing next to the runner can shadow a tool module."""
    here = os.path.dirname(os.path.realpath(__file__))
    extra = request.get("paths") or []
    given = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    front = []
    for path in [*[p for p in extra if isinstance(p, str)], protocol.app_root(), *given]:
        real = os.path.realpath(path)
        if real != here and real not in front:
            front.append(real)
    rest = [p for p in sys.path if os.path.realpath(p or ".") != here and os.path.realpath(p or ".") not in front]
    sys.path[:] = front + rest


def _resolve(entry, roots=None):
    if not isinstance(entry, str) or not entry:
        return None, _error("ValueError", "Missing entry")
    if ":" not in entry:
        return None, _error("ValueError", f"Invalid entry '{entry}': expected module:function")
    module_path, function_name = (part.strip() for part in entry.split(":", 1))
    if not module_path or not function_name:
        return None, _error("ValueError", f"Invalid entry '{entry}': expected module:function")
    return protocol.find_function(entry, module_path, function_name, importlib.import_module, _error, roots)


def _run(request):
    if not isinstance(request, dict):
        return _error("ValueError", "The request must be a JSON object")
    protocol.set_app_root(request.get("app_root"))
    _enter_app(request)
    context = request.get("capability_context")
    # In the sandbox the guarantees hold from the import on, as in namel3ss's sandbox bootstrap.
    if sandbox is not None and isinstance(context, dict):
        sandbox.configure(context)
    func, failure = _resolve(request.get("entry"), request.get("module_roots"))
    if failure:
        return _with_checks(failure)
    payload = request.get("payload")
    if payload is None:
        payload = {}
    try:
        result = func(payload)
    except Exception as err:  # noqa: BLE001 - the tool's own error goes back as ok:false
        output = _error(err.__class__.__name__, str(err))
        check = getattr(err, "check", None)
        if sandbox is not None and isinstance(err, sandbox.CapabilityViolation) and isinstance(check, dict):
            output["error"]["reason_code"] = check.get("reason")
        return _with_checks(output)
    return _with_checks({"ok": True, "protocol_version": PROTOCOL_VERSION, "result": result})


def _load_sandbox():
    global sandbox
    import namel3ss_sandbox

    sandbox = namel3ss_sandbox


def _with_checks(output):
    checks = sandbox.drain_checks() if sandbox is not None else []
    if checks:
        output["capability_checks"] = checks
    return output


def main():
    if sys.platform.startswith("linux"):
        # Ends with the workbench, even a SIGKILLed one, with the tool's process (which follows the runner).
        import skillbench_confine

        skillbench_confine.reap_and_follow_parent()
    out = _protocol_stream()
    tool = None
    try:
        request = json.loads(sys.stdin.read() or "null")
        if isinstance(request, dict) and request.get("sandbox"):
            _load_sandbox()
            isolate.load()
    except Exception as err:  # noqa: BLE001
        output = _error(err.__class__.__name__, f"The request on stdin is not JSON: {err}")
    else:
        if isinstance(request, dict):
            tool = request.get("tool")
        # The call runs in a child (confined where the kernel can) that never holds `out`.
        text, enforcement, code = isolate.run(request if isinstance(request, dict) else {}, lambda r: _run(request),
                                        out.fileno(), lambda o: _encode(o, tool))
        if text is None:
            return code  # the tool's process died without an answer: the host reports its stderr
        output = _with_enforcement(text, enforcement)
        sys.stderr.flush()
        out.write(output + "\n")
        out.flush()
        return 0
    sys.stderr.flush()
    out.write(_encode(output, tool) + "\n")
    out.flush()
    return 0


def _encode(output, tool):
    return protocol.encode(output, tool, _error, ". Return dicts, lists, strings, numbers, booleans or None.")


def _with_enforcement(text, enforcement):
    # Said by the runner, not the tool: what confined this call.
    if not enforcement:
        return text
    try:
        output = json.loads(text)
    except ValueError:
        return text
    if isinstance(output, dict):
        output["enforcement"] = enforcement
        return json.dumps(output, ensure_ascii=False)
    return text


if __name__ == "__main__":
    sys.exit(main())
