"""Landlock (Linux 5.13+) through ctypes: file access, TCP ports and scopes a process can never regain.

    abi()                      -> 0 where Landlock is missing or disabled, else its ABI version (1..7+)
    restrict(policy)           -> what was enforced, as a dict; raises OSError when it could not be

policy = {"list": [folders whose entries may be listed, not read], "read": [paths], "write": [paths], "exec": [paths], "net": False (deny TCP bind and connect),
          "scope": True (no signals and no abstract UNIX sockets out of the domain)}
A path that does not exist is skipped. Rights the kernel's ABI lacks are not asked for; what that leaves
open is said in the result ("missing"). The caller sets no_new_privs first (seccomp.no_new_privs()).
Standard library only.
"""

import ctypes
import os
import struct
import sys

SYS_CREATE_RULESET, SYS_ADD_RULE, SYS_RESTRICT_SELF = 444, 445, 446  # the same on every architecture
CREATE_RULESET_VERSION = 1
RULE_PATH_BENEATH, RULE_NET_PORT = 1, 2

EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
REMOVE_DIR, REMOVE_FILE, MAKE_CHAR, MAKE_DIR = 1 << 4, 1 << 5, 1 << 6, 1 << 7
MAKE_REG, MAKE_SOCK, MAKE_FIFO, MAKE_BLOCK, MAKE_SYM = 1 << 8, 1 << 9, 1 << 10, 1 << 11, 1 << 12
REFER, TRUNCATE, IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15
NET_BIND_TCP, NET_CONNECT_TCP = 1 << 0, 1 << 1
SCOPE_ABSTRACT_UNIX, SCOPE_SIGNAL = 1 << 0, 1 << 1

READ = READ_FILE | READ_DIR
WRITE = (WRITE_FILE | REMOVE_DIR | REMOVE_FILE | MAKE_CHAR | MAKE_DIR | MAKE_REG | MAKE_SOCK | MAKE_FIFO
         | MAKE_BLOCK | MAKE_SYM | REFER | TRUNCATE)
FILE_ONLY = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV  # the rights a rule on a file may carry

LINUX = sys.platform.startswith("linux")
_libc = ctypes.CDLL(None, use_errno=True) if LINUX else None  # system call numbers are Linux's
if _libc is not None:
    _libc.syscall.restype = ctypes.c_long


def _sys(*args):
    res = _libc.syscall(*[ctypes.c_long(a) if isinstance(a, int) else a for a in args])
    if res < 0:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))
    return res


def abi():
    if not LINUX:
        return 0
    try:
        return _sys(SYS_CREATE_RULESET, 0, 0, CREATE_RULESET_VERSION)
    except OSError:
        return 0


def fs_rights(version):
    rights = READ | WRITE | EXECUTE
    if version < 2:
        rights &= ~REFER
    if version < 3:
        rights &= ~TRUNCATE
    if version >= 5:
        rights |= IOCTL_DEV
    return rights


def restrict(policy):
    version = abi()
    if version < 1:
        raise OSError(38, "Landlock is not available in this kernel")
    handled = fs_rights(version)
    net = version >= 4 and policy.get("net") is False
    scope = version >= 6 and policy.get("scope", True)
    attr = struct.pack("<QQQ", handled, (NET_BIND_TCP | NET_CONNECT_TCP) if net else 0,
                       (SCOPE_ABSTRACT_UNIX | SCOPE_SIGNAL) if scope else 0)
    size = 8 if version < 4 else 16 if version < 6 else 24
    buf = ctypes.create_string_buffer(attr[:size], size)
    ruleset = _sys(SYS_CREATE_RULESET, ctypes.cast(buf, ctypes.c_void_p), size, 0)
    try:
        grants = {}
        for key, rights in (("list", READ_DIR), ("read", READ), ("exec", READ | EXECUTE), ("write", READ | WRITE)):
            for path in policy.get(key) or []:
                real = os.path.realpath(path)
                grants[real] = grants.get(real, 0) | (rights & handled)
        for path, rights in grants.items():
            _add_path(ruleset, path, rights)
        _sys(SYS_RESTRICT_SELF, ruleset, 0)
    finally:
        os.close(ruleset)
    missing = []
    if version < 3:
        missing.append("truncate")
    if policy.get("net") is False and not net:
        missing.append("tcp")
    if policy.get("scope", True) and not scope:
        missing.append("signals and abstract UNIX sockets")
    return {"abi": version, "net": net, "scope": scope, "missing": missing}


def _add_path(ruleset, path, rights):
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # nothing there to grant
    try:
        if not os.path.isdir(path):
            rights &= FILE_ONLY
        if not rights:
            return
        attr = ctypes.create_string_buffer(struct.pack("<Qi", rights, fd), 12)
        _sys(SYS_ADD_RULE, ruleset, RULE_PATH_BENEATH, ctypes.cast(attr, ctypes.c_void_p), 0)
    finally:
        os.close(fd)
