"""A small tool service for namel3ss Python tools: the "service runner" side of python-tool-protocol.

    python3 namel3ss_service.py --app APP_ROOT [--port N]

Listens on 127.0.0.1 only (port 0 picks a free one) and prints `listening on http://127.0.0.1:PORT`
on stdout before anything else. Each POST carries
    {protocol_version, tool_name, kind, entry, payload, timeout_ms, trace_id, project: {app_root, flow}}
and is answered with {"ok": true, "result": ...} or {"ok": false, "error": {"type", "message"}}.
Only entries under the app's `tools` package are run. Requests that carry an Origin header (browsers)
are refused, so a web page cannot drive the service. Standard library only; Python 3.9 or newer.

It answers namel3ss's capability handshake (POST /capabilities/handshake, {tool_name, required_guarantees})
with {"ok": true, "enforcement": "enforced", "supported_guarantees": {...}}, and keeps its word: a tool
whose handshake asked for guarantees runs in a child process under namel3ss_runner's sandbox.
"""

import argparse
import hmac
import importlib
import json
import os
import hashlib
import subprocess
import sys
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import namel3ss_protocol as protocol
from namel3ss_protocol import PROTOCOL_VERSION

MAX_BODY = 10 * 1024 * 1024
DEFAULT_TIMEOUT_MS = 10_000

_load_lock = threading.Lock()
_mtimes = {}
# Guarantees each tool's handshake asked for: its calls run sandboxed.
_guarantees = {}
SUPPORTED = {
    "no_filesystem_write": True,
    "no_filesystem_read": True,
    "no_network": True,
    "no_subprocess": True,
}
RUNNER = os.path.join(os.path.dirname(os.path.realpath(__file__)), "namel3ss_runner.py")
_LOCK = threading.Lock()
_WORKSPACES = []  # this service's private folder for its sandboxed tools' workspaces, made at the first


def _workspace(tool):
    """A sandboxed tool's workspace: its own folder in a private one outside the app, which it may not write."""
    with _LOCK:
        if not _WORKSPACES:
            _WORKSPACES.append(tempfile.mkdtemp(prefix="skillbench-n3-service-"))
    name = str(tool or "tool")
    slug = "".join(c if c.isalnum() else "_" for c in name)[:40]
    folder = os.path.join(_WORKSPACES[0], f"{slug}-{hashlib.sha256(name.encode()).hexdigest()[:8]}")
    os.makedirs(folder, mode=0o700, exist_ok=True)
    return folder


_error = protocol.error


def _is_identifier_path(module_path):
    return all(part.isidentifier() for part in module_path.split("."))


def _load_module(module_path):
    """Imports the module, reloading it when its file changed since the last call (edit, then call again)."""
    with _load_lock:
        importlib.invalidate_caches()
        module = sys.modules.get(module_path)
        if module is None:
            module = importlib.import_module(module_path)
        origin = getattr(module, "__file__", None)
        if origin:
            try:
                mtime = os.path.getmtime(origin)
            except OSError:
                mtime = None
            if module_path in _mtimes and _mtimes[module_path] != mtime:
                module = importlib.reload(module)
            _mtimes[module_path] = mtime
        return module


def _resolve(entry):
    if not isinstance(entry, str) or ":" not in entry:
        return None, _error("ValueError", f"Invalid entry {entry!r}: expected module:function")
    module_path, function_name = (part.strip() for part in entry.split(":", 1))
    if module_path != "tools" and not module_path.startswith("tools."):
        return None, _error("ValueError", f"Entry module '{module_path}' is not under tools/: this service only runs the app's own tools")
    if not _is_identifier_path(module_path) or not function_name.isidentifier():
        return None, _error("ValueError", f"Invalid entry '{entry}': each part must be a Python identifier")
    return protocol.find_function(entry, module_path, function_name, _load_module, _error)


def _seconds(ms):
    return f"{ms // 1000}" if ms % 1000 == 0 else f"{ms / 1000:g}"


def handshake(request):
    if not isinstance(request, dict) or not isinstance(request.get("tool_name"), str):
        return {"ok": False, "enforcement": "none", "error": {"type": "ValueError", "message": "A handshake names its tool_name"}}
    required = request.get("required_guarantees") or {}
    _guarantees[request["tool_name"]] = {k: bool(v) for k, v in required.items() if k in SUPPORTED}
    return {"ok": True, "enforcement": "enforced", "supported_guarantees": dict(SUPPORTED), "protocol_version": PROTOCOL_VERSION}


def _sandboxed(request, guarantees, timeout_ms):
    """One call in a child process under the runner's sandbox: the guarantees hold for that process alone."""
    workspace = _workspace(request.get("tool_name"))
    child_request = {
        "protocol_version": PROTOCOL_VERSION,
        "app_root": os.getcwd(),
        "tool": request.get("tool_name"),
        "entry": request.get("entry"),
        "payload": request.get("payload") or {},
        "sandbox": True,
        "capability_context": {
            "tool_name": request.get("tool_name"),
            "resolved_source": "binding",
            "runner": "service",
            "protocol_version": PROTOCOL_VERSION,
            "guarantees": guarantees,
            "sources": {k: "user" for k, v in guarantees.items() if v},
            "filesystem_root": workspace,
        },
    }
    # Under no_env_read the tool's process gets none of the service's variables (its secrets among them).
    base = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG") or k.startswith("LC_")} if guarantees.get("no_env_read") else dict(os.environ)
    env = dict(base, PYTHONPATH=os.pathsep.join([os.getcwd(), os.environ.get("PYTHONPATH", "")]), PYTHONIOENCODING="utf-8")
    try:
        done = subprocess.run(
            [sys.executable, "-I", RUNNER], input=json.dumps(child_request), capture_output=True, text=True, cwd=os.getcwd(), env=env,
            timeout=timeout_ms / 1000
        )
    except subprocess.TimeoutExpired:
        return _error("TimeoutError", f"Tool exceeded {_seconds(timeout_ms)}s timeout.")
    sys.stderr.write(done.stderr)
    try:
        reply = json.loads(done.stdout)
    except ValueError:
        return _error("RuntimeError", f"The sandboxed tool process failed (exit {done.returncode}): {done.stderr.strip()[-500:]}")
    if reply.get("ok"):
        return {"ok": True, "result": reply.get("result")}
    return {"ok": False, "error": reply.get("error") or {"type": "ToolError", "message": "Tool error"}}


def execute(request):
    if not isinstance(request, dict):
        return _error("ValueError", "The request must be a JSON object")
    kind = request.get("kind", "python")
    if kind != "python":
        return _error("ValueError", f"Unsupported tool kind '{kind}': this service runs python tools")
    timeout_ms = request.get("timeout_ms")
    if not isinstance(timeout_ms, int) or isinstance(timeout_ms, bool) or timeout_ms <= 0:
        timeout_ms = DEFAULT_TIMEOUT_MS
    guarantees = _guarantees.get(request.get("tool_name"))
    if guarantees and any(guarantees.values()):
        return _sandboxed(request, guarantees, timeout_ms)
    func, failure = _resolve(request.get("entry"))
    if failure:
        return failure
    payload = request.get("payload")
    if payload is None:
        payload = {}
    box = {}

    def work():
        try:
            box["result"] = func(payload)
        except Exception as err:  # noqa: BLE001
            box["error"] = err

    # A thread cannot be killed: a tool past its timeout is answered with an error and left to finish.
    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join(timeout_ms / 1000)
    if worker.is_alive():
        return _error("TimeoutError", f"Tool exceeded {_seconds(timeout_ms)}s timeout.")
    if "error" in box:
        err = box["error"]
        return _error(err.__class__.__name__, str(err))
    return {"ok": True, "result": box.get("result")}


# `skillbench n3-service` gives the service a token (in the environment, taken out at once so no tool inherits it):
# a tool is then run only at an address that starts with /<token>/, the address it prints. namel3ss asks for the
# handshake at the origin (`/capabilities/handshake`), which runs nothing and stays open. The Host check always
# holds, against DNS rebinding: a page on another name that resolves to 127.0.0.1 is refused.
TOKEN = os.environ.pop("SKILLBENCH_N3_TOKEN", "")


class Handler(BaseHTTPRequestHandler):
    server_version = "namel3ss-tool-service/1"

    def _refused(self, needs_token):
        port = self.server.server_address[1]
        if self.headers.get("Host") not in (f"127.0.0.1:{port}", f"localhost:{port}"):
            self._send(403, _error("Forbidden", "Only requests to 127.0.0.1 are served (a Host check against DNS rebinding)"))
            return True
        given = self.path.split("/")[1] if self.path.startswith("/") else ""
        if needs_token and TOKEN and not hmac.compare_digest(given.encode(), TOKEN.encode()):
            self._send(404, _error("NotFound", "No tool is served at this address: use the one skillbench n3-service printed"))
            return True
        return False

    def _send(self, status, body):
        data = body.encode("utf-8") if isinstance(body, str) else json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):  # noqa: N802 - http.server naming
        if self._refused(needs_token=False):
            return
        self._send(200, {"ok": True, "service": "namel3ss tools", "protocol_version": PROTOCOL_VERSION, "app_root": os.getcwd()})

    def do_POST(self):  # noqa: N802
        if self._refused(needs_token=not self.path.rstrip("/").endswith("/capabilities/handshake")):
            return
        if self.headers.get("Origin"):
            return self._send(403, _error("Forbidden", "Requests from web pages are refused"))
        try:
            length = int(self.headers.get("Content-Length") or "0")
        except ValueError:
            length = -1
        if length <= 0 or length > MAX_BODY:
            return self._send(400, _error("ValueError", "A JSON body (with Content-Length, at most 10 MB) is required"))
        try:
            request = json.loads(self.rfile.read(length).decode("utf-8"))
        except Exception as err:  # noqa: BLE001
            return self._send(400, _error("ValueError", f"The body is not JSON: {err}"))
        if self.path.rstrip("/").endswith("/capabilities/handshake"):
            return self._send(200, protocol.encode(handshake(request), None, _error))
        tool = request.get("tool_name") if isinstance(request, dict) else None
        self._send(200, protocol.encode(execute(request), tool, _error))

    def log_message(self, fmt, *args):
        sys.stderr.write("namel3ss_service: " + (fmt % args) + "\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description="Serve a namel3ss app's Python tools over HTTP on 127.0.0.1.")
    parser.add_argument("--app", required=True, help="the app root (the folder with app.ai and tools/)")
    parser.add_argument("--port", type=int, default=8787, help="port to listen on; 0 picks a free one")
    args = parser.parse_args(argv)
    root = os.path.realpath(args.app)
    if not os.path.isdir(root):
        parser.error(f"--app {args.app} is not a folder")
    os.chdir(root)
    sys.path[:] = [p for p in sys.path if os.path.realpath(p or ".") != os.path.dirname(os.path.realpath(__file__))]
    sys.path.insert(0, root)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    sys.stdout.write(f"listening on http://127.0.0.1:{server.server_address[1]}{'/' + TOKEN if TOKEN else ''}\n")
    sys.stdout.flush()
    # From here on, anything a tool prints goes to stderr: stdout carried only the address.
    os.dup2(2, 1)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
