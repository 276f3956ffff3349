"""Runs one namel3ss tool call in a child process that the kernel confines (Linux: Landlock + seccomp).

The runner keeps the protocol's stdout; the child never has it (it is closed before any tool code runs),
so a tool cannot write its own answer. The child sends its reply through a pipe, and the runner checks it
before answering: only the protocol's fields, and no capability check that claims a refused capability
was allowed. The child is confined before the tool's module is imported, from the capability context:
    no_filesystem_write -> no file written anywhere; else only below filesystem_root (the tool's workspace,
                           outside the app) and a private temporary folder: never the app's code, bindings,
                           config, capsules, packs or .venv, so a tool cannot undo its own sandbox
    no_filesystem_read  -> files read only from the interpreter, the app's code and the system libraries;
                           else also the rest of the system and the app (not the rest of the home,
                           the workbench's data or other folders under /tmp)
    no_network          -> no socket of any family (seccomp), no TCP bind or connect (Landlock)
    no_subprocess       -> no execve (Landlock, seccomp), no fork (seccomp)
    always              -> no signals and no abstract UNIX sockets outside the sandbox (Landlock ABI 6+)
Where Landlock is missing (another OS, an old kernel) the Python guard alone holds: "guarded, not isolated".
"""

import json
import os
import shutil
import signal
import sys
import tempfile

confine = None  # skillbench_confine, loaded only for a sandboxed call (load())


def load():
    """Before the runner takes its own folder off sys.path."""
    global confine
    import skillbench_confine

    confine = skillbench_confine


CAPABILITIES = {"filesystem_read": "no_filesystem_read", "filesystem_write": "no_filesystem_write",
                "network": "no_network", "subprocess": "no_subprocess", "env_read": "no_env_read",
                "env_write": "no_env_write", "secrets": None}
MAX_REPLY = 16 * 1024 * 1024
GUARDED = "guarded, not isolated"


def _g(ctx, key):
    return bool(((ctx or {}).get("guarantees") or {}).get(key))


def tool_policy(request, tmp):
    """The confinement for one call, from its capability context and folders."""
    ctx = request.get("capability_context") if isinstance(request.get("capability_context"), dict) else {}
    app = request.get("app_root")
    here = os.path.realpath(app if isinstance(app, str) and app else os.getcwd())
    code = [p for p in (request.get("paths") or []) + (request.get("module_roots") or []) if isinstance(p, str)]
    code += [os.path.join(here, "tools")] + [r for r in (ctx.get("filesystem_read_roots") or []) if isinstance(r, str)]
    # The PYTHONPATH the tool was given (the runner, isolated, joins it to sys.path after this): its code too.
    code += [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p and os.path.realpath(p) != here]
    root = ctx.get("filesystem_root") if isinstance(ctx.get("filesystem_root"), str) else None
    interp = [p for p in confine.interpreter_paths() if os.path.realpath(p) != here]
    strict = _g(ctx, "no_filesystem_read")
    policy = {
        "list": [here],  # the import system lists the app's folder to find `tools`
        "read": interp + code + ([] if strict else [here]) + ([root] if root else []),
        "minimal_read": strict,
        # Never the app: with no workspace named, nowhere.
        "write": [] if _g(ctx, "no_filesystem_write") or not root else [root],
        "tmp": None if _g(ctx, "no_filesystem_write") else tmp,
        "exec": interp,
        "network": not _g(ctx, "no_network"),
        "spawn": not _g(ctx, "no_subprocess"),
    }
    return policy


def _confinable():
    if confine is None or not sys.platform.startswith("linux") or not hasattr(os, "fork"):
        return False
    return confine.landlock.abi() >= 1


def run(request, call, proto_fd, encode):
    """`call(request)` -> output dict, in a confined child where one can be made.

    Returns (text, enforcement, exit code); text is None when the child died without an answer."""
    sandboxed = bool(request.get("sandbox"))
    if not hasattr(os, "fork"):
        return encode(call(request)), (GUARDED if sandboxed else None), 0
    confined = sandboxed and request.get("isolate") is not False and _confinable()
    tmp = tempfile.mkdtemp(prefix="skillbench-tool-") if confined else None
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 1
        try:
            os.close(read_fd)
            os.close(proto_fd)
            if confined:
                confine.reap_and_follow_parent(signal.SIGKILL)
                policy = tool_policy(request, tmp)
                confine.apply(policy)
                if policy["tmp"]:
                    os.environ["TMPDIR"] = tmp
                    tempfile.tempdir = tmp
            data = encode(call(request)).encode("utf-8")
            with os.fdopen(write_fd, "wb") as out:
                out.write(data)
            code = 0
        except BaseException as err:  # noqa: BLE001 - the child must not return into the runner
            sys.stderr.write(f"skillbench: the tool process failed: {err.__class__.__name__}: {err}\n")
        finally:
            sys.stderr.flush()
            os._exit(code)
    os.close(write_fd)
    chunks, size = [], 0
    with os.fdopen(read_fd, "rb") as src:
        while size <= MAX_REPLY:
            chunk = src.read(65536)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    if size > MAX_REPLY:
        os.kill(pid, signal.SIGKILL)  # it would block on a full pipe: the host reports the size
    _, status = os.waitpid(pid, 0)
    if tmp:
        shutil.rmtree(tmp, ignore_errors=True)
    enforcement = _describe(request) if confined else (GUARDED if sandboxed else None)
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1
    if not chunks or size > MAX_REPLY:
        if size > MAX_REPLY:
            sys.stderr.write(f"skillbench: the tool's answer is over {MAX_REPLY // (1024 * 1024)} MB\n")
        elif os.WIFSIGNALED(status):
            sys.stderr.write(f"skillbench: the tool process was killed by signal {os.WTERMSIG(status)}\n")
        return None, enforcement, code or 1
    return checked(b"".join(chunks).decode("utf-8", "replace"), request, encode), enforcement, 0


def checked(text, request, encode):
    """The child's reply, keeping only what the protocol has, and no check a guarantee contradicts."""
    try:
        reply = json.loads(text)
    except ValueError:
        # More than the one answer: tool code wrote on the reply channel itself. Nothing of it is trusted.
        return encode({"ok": False, "protocol_version": request.get("protocol_version"), "error": {
            "type": "SandboxViolation",
            "message": "The tool wrote to the runner's reply channel itself; its answer is not trusted."}})
    if not isinstance(reply, dict) or not isinstance(reply.get("ok"), bool):
        return text
    out = {"ok": reply["ok"], "protocol_version": reply.get("protocol_version")}
    if reply["ok"]:
        out["result"] = reply.get("result")
    else:
        err = reply.get("error") if isinstance(reply.get("error"), dict) else {}
        out["error"] = {k: str(err[k]) for k in ("type", "message", "reason_code") if k in err}
    ctx = request.get("capability_context") or {}
    checks = [c for c in reply.get("capability_checks") or [] if _plausible(c, ctx)]
    if checks:
        out["capability_checks"] = checks
    return encode(out)


def _plausible(check, ctx):
    if not isinstance(check, dict) or set(check) != {"capability", "allowed", "guarantee_source", "reason"}:
        return False
    cap, allowed = check.get("capability"), check.get("allowed")
    if cap not in CAPABILITIES or not isinstance(allowed, bool):
        return False
    if not all(isinstance(check[k], str) for k in ("guarantee_source", "reason")):
        return False
    key = CAPABILITIES[cap]
    forbidden = _g(ctx, key) if key else isinstance((ctx.get("guarantees") or {}).get("secrets_allowed"), list)
    return not (allowed and forbidden and cap != "secrets")


def _describe(request):
    ctx = request.get("capability_context") or {}
    parts = []
    if _g(ctx, "no_network"):
        parts.append("no network (Landlock+seccomp)")
    if _g(ctx, "no_filesystem_write"):
        parts.append("no file writes (Landlock)")
    else:
        parts.append("no writes outside " + ("its workspace and " if ctx.get("filesystem_root") else "") + "a private temporary folder (Landlock)")
    parts.append("no reads outside the interpreter, system libraries and the app's code (Landlock)"
                 if _g(ctx, "no_filesystem_read") else "no reads outside the app, the interpreter and the system (Landlock)")
    if _g(ctx, "no_subprocess"):
        parts.append("no subprocesses (Landlock+seccomp)")
    if _g(ctx, "no_env_read") or isinstance((ctx.get("guarantees") or {}).get("secrets_allowed"), list):
        parts.append("secrets withheld from its environment")
    return "isolated: " + ", ".join(parts)
