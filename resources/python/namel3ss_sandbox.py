"""Skill Workbench's sandbox for namel3ss Python tools: the guarantees of a capability context, enforced.

namel3ss runs a sandboxed tool (`sandbox: true`, pack tools, foreign functions) with Python's own file,
socket and process functions replaced by checked ones; this does the same, with the same refusals:
    CapabilityViolation: What happened: Tool "x" cannot write to the filesystem.
                         Why: Effective guarantees forbid filesystem access (blocked.txt). ...
The context is namel3ss's CapabilityContext as a dict:
    {"tool_name", "resolved_source", "runner", "protocol_version",
     "guarantees": {"no_filesystem_write": bool, "no_filesystem_read", "no_network", "no_subprocess", ...},
     "sources": {"no_filesystem_write": "user" | "tool" | "pack" | "engine", ...},
     "filesystem_root": "/abs" (writes only below it; relative paths written to are taken from it),
     "filesystem_read_roots": ["/abs", ...] (where given, reads only below these or the root)}
Every check is recorded as namel3ss records it ({capability, allowed, guarantee_source, reason}); an
allowed capability once. Standard library only.
"""

import builtins
import io
import os
import socket
import subprocess
import sys

import namel3ss_guard_env

_CTX = None
_CHECKS = []
_ALLOWED = set()
_ORIG = {}

_CAPABILITY_KEY = {
    "filesystem_read": "no_filesystem_read",
    "filesystem_write": "no_filesystem_write",
    "network": "no_network",
    "subprocess": "no_subprocess",
    "env_read": "no_env_read",
    "env_write": "no_env_write",
}


class CapabilityViolation(Exception):
    def __init__(self, message, check):
        super().__init__(message)
        self.check = check


def configure(context):
    global _CTX
    _CTX = context if isinstance(context, dict) else None
    _CHECKS.clear()
    _ALLOWED.clear()
    _install()


def drain_checks():
    out = list(_CHECKS)
    _CHECKS.clear()
    return out


def _guarantee(key):
    return bool((_CTX or {}).get("guarantees", {}).get(key))


def _source(capability):
    key = _CAPABILITY_KEY.get(capability, capability)
    return (_CTX or {}).get("sources", {}).get(key) or "pack"


def _record(capability, allowed, source, reason):
    if allowed:
        if capability in _ALLOWED:
            return
        _ALLOWED.add(capability)
    check = {"capability": capability, "allowed": allowed, "guarantee_source": source, "reason": reason}
    _CHECKS.append(check)
    return check


def _guidance(what, why, fix, example):
    return f"What happened: {what}\nWhy: {why}\nFix: {fix}\nExample: {example}"


def _block(action, why, example, capability, source, reason="guarantee_blocked"):
    tool = (_CTX or {}).get("tool_name") or "tool"
    check = _record(capability, False, source, reason)
    message = _guidance(
        f'Tool "{tool}" {action}.', why, "Remove the restriction or choose a tool that does not need the capability.", example
    )
    return CapabilityViolation(message, check)


def _override_example(key):
    tool = (_CTX or {}).get("tool_name") or "tool"
    return f'[capability_overrides]\\n"{tool}" = {{ {key} = true }}'


# ---- filesystem ----
def _is_write(mode):
    return any(flag in str(mode) for flag in ("w", "a", "x", "+"))


def _root():
    value = (_CTX or {}).get("filesystem_root")
    return os.path.realpath(value) if value else None


def _read_roots():
    return [os.path.realpath(r) for r in ((_CTX or {}).get("filesystem_read_roots") or []) if r]


def _within(root, target):
    return target == root or target.startswith(root.rstrip(os.sep) + os.sep)


def _resolve(path, write=True):
    """A relative path written to is taken from the workspace (the root); one read, from the working directory."""
    root = _root()
    if not root or not write or isinstance(path, int):
        return path
    try:
        p = os.fspath(path)
    except TypeError:
        return path
    return p if os.path.isabs(p) else os.path.join(root, p)


def check_filesystem(path, mode):
    if _CTX is None or isinstance(path, int):
        return
    write = _is_write(mode)
    capability = "filesystem_write" if write else "filesystem_read"
    root, reads = _root(), _read_roots()
    label = os.fspath(path) if not isinstance(path, bytes) else path.decode(errors="replace")
    if root or reads:
        target = os.path.realpath(label if os.path.isabs(label) or not root or not write else os.path.join(root, label))
        allowed = ([root] if root else []) + ([] if write else reads)
        # Reads are held to the read roots only where some are given (a foreign function, a pack tool).
        if (write and root and not _within(root, target)) or (not write and reads and not any(_within(r, target) for r in allowed)):
            where = ", ".join(sorted(set(allowed))) or "the allowed workspace"
            raise _block(
                "cannot write outside its workspace" if write else "cannot read outside its workspace",
                f"Filesystem access to {label} is outside {where}.",
                f"{(sorted(set(allowed)) or ['workspace'])[0]}/file.txt",
                capability,
                "engine",
            )
    if _guarantee(_CAPABILITY_KEY[capability]):
        raise _block(
            "cannot write to the filesystem" if write else "cannot read from the filesystem",
            f"Effective guarantees forbid filesystem access ({label}).",
            _override_example("no_filesystem_write" if write else "no_filesystem_read"),
            capability,
            _source(capability),
        )
    _record(capability, True, _source(capability), "guarantee_allowed")


def _open(file, mode="r", *args, **kwargs):
    check_filesystem(file, mode)
    return _ORIG["open"](_resolve(file, _is_write(mode)), mode, *args, **kwargs)


def _os_open(path, flags, *args, **kwargs):
    write = flags & (os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC | getattr(os, "O_EXCL", 0))
    check_filesystem(path, "w" if write else "r")
    return _ORIG["os_open"](_resolve(path, bool(write)), flags, *args, **kwargs)


def _writer(name):
    original = getattr(os, name)

    def checked(path, *args, **kwargs):
        check_filesystem(path, "w")
        return original(_resolve(path), *args, **kwargs)

    return checked


def _renamer(name):
    original = getattr(os, name)

    def checked(src, dst, *args, **kwargs):
        check_filesystem(src, "w")
        check_filesystem(dst, "w")
        return original(_resolve(src), _resolve(dst), *args, **kwargs)

    return checked


# ---- network ----
def check_network(url, method):
    if _CTX is None:
        return
    if _guarantee("no_network"):
        raise _block(
            "cannot use the network",
            f"Effective guarantees forbid network access ({method.upper()} {url}).",
            _override_example("no_network"),
            "network",
            _source("network"),
        )
    _record("network", True, _source("network"), "guarantee_allowed")


def _socket_url(address):
    if isinstance(address, tuple) and len(address) >= 2:
        return f"socket://{address[0]}:{address[1]}"
    return f"socket://{address}"


def _connect(self, address):
    if self.family in (socket.AF_INET, socket.AF_INET6):
        check_network(_socket_url(address), "CONNECT")
    return _ORIG["connect"](self, address)


def _connect_ex(self, address):
    if self.family in (socket.AF_INET, socket.AF_INET6):
        check_network(_socket_url(address), "CONNECT")
    return _ORIG["connect_ex"](self, address)


def _sendto(self, data, *args):
    address = args[-1] if args else None
    check_network(_socket_url(address), "SEND")
    return _ORIG["sendto"](self, data, *args)


def _create_connection(address, *args, **kwargs):
    check_network(_socket_url(address), "CONNECT")
    return _ORIG["create_connection"](address, *args, **kwargs)


def _urlopen(url, *args, **kwargs):
    # As namel3ss's sandbox does: a request is refused by its method and address, before any socket.
    import urllib.request

    if isinstance(url, urllib.request.Request):
        check_network(url.full_url, url.get_method())
    else:
        check_network(str(url), "GET")
    return _ORIG["urlopen"](url, *args, **kwargs)


# ---- subprocesses ----
def check_subprocess(argv):
    if _CTX is None:
        return
    if _guarantee("no_subprocess"):
        raise _block(
            "cannot start a subprocess",
            f"Effective guarantees forbid subprocesses ({' '.join(str(a) for a in argv)[:120]}).",
            _override_example("no_subprocess"),
            "subprocess",
            _source("subprocess"),
        )
    _record("subprocess", True, _source("subprocess"), "guarantee_allowed")


class _Popen(subprocess.Popen):
    def __init__(self, args, *rest, **kwargs):
        check_subprocess(args if isinstance(args, (list, tuple)) else [args])
        super().__init__(args, *rest, **kwargs)


def _system(command):
    check_subprocess([command])
    return _ORIG["system"](command)


def _spawner(name):
    original = getattr(os, name)

    def checked(*args, **kwargs):
        check_subprocess([name, *[str(a) for a in args[:2]]])
        return original(*args, **kwargs)

    return checked


class _FileIO(io.FileIO):
    def __init__(self, file, mode="r", *args, **kwargs):
        check_filesystem(file, mode)
        super().__init__(_resolve(file, _is_write(mode)), mode, *args, **kwargs)


def _install():
    if _ORIG:
        return
    _ORIG.update(
        open=builtins.open,
        os_open=os.open,
        connect=socket.socket.connect,
        connect_ex=socket.socket.connect_ex,
        sendto=socket.socket.sendto,
        create_connection=socket.create_connection,
        system=os.system,
    )
    builtins.open = _open
    # pathlib's Path.open, read_text and write_text go through io.open.
    io.open = _open
    os.open = _os_open
    # A Python-level guard: where the kernel confines nothing else, these are all that refuse.
    for name in ("remove", "unlink", "rmdir", "mkdir", "truncate", "chmod", "chown", "utime", "mkfifo", "mknod"):
        if hasattr(os, name):
            setattr(os, name, _writer(name))
    for name in ("rename", "replace", "link", "symlink"):
        setattr(os, name, _renamer(name))
    for name in ("fork", "forkpty", "posix_spawn", "posix_spawnp", "execv", "execve", "execvp", "execvpe", "popen", "spawnv", "spawnve"):
        if hasattr(os, name):
            setattr(os, name, _spawner(name))
    io.FileIO = _FileIO
    _ORIG.update(namel3ss_guard_env.install(sys.modules[__name__]))
    socket.socket.connect = _connect
    socket.socket.connect_ex = _connect_ex
    socket.socket.sendto = _sendto
    socket.create_connection = _create_connection
    import urllib.request

    _ORIG["urlopen"] = urllib.request.urlopen
    urllib.request.urlopen = _urlopen
    subprocess.Popen = _Popen
    os.system = _system
