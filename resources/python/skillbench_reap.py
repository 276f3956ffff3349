"""The launcher every skill process starts through on Linux: the subreaper of what it leaves behind, and killed
with the workbench.

    python3 -I -S skillbench_reap.py [--same-python] -- COMMAND ARGS...

PR_SET_CHILD_SUBREAPER: an orphaned descendant (a daemon that double-forks and calls setsid, leaving the skill's
process group) is re-parented to the skill, not to init, so the workbench's walk of the skill's processes still
finds it when the skill stops. PR_SET_PDEATHSIG: the skill is killed when the workbench dies, even by SIGKILL.
Both survive execve, so this process becomes the skill itself (same pid) and costs one small interpreter start.
With --same-python the command is this interpreter: it is exec'd as sys.executable, so a version manager's shim
(pyenv's) is not run a second time. Standard library only; -I -S keep the start small (no site, no user path).
"""

import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG, PR_SET_CHILD_SUBREAPER = 1, 36


def reap_and_follow_parent(sig=signal.SIGKILL):
    """Subreaper for its descendants, and killed with `sig` when its parent goes. False off Linux."""
    if not sys.platform.startswith("linux"):
        return False
    parent = os.getppid()
    lib = ctypes.CDLL(None, use_errno=True)
    lib.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    ok = lib.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    ok = lib.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0) == 0 and ok
    if os.getppid() != parent:  # the parent died before the death signal was armed
        os.kill(os.getpid(), sig)
    return ok


def exec_command(command, same_python=False):
    """Becomes `command` (on success it never returns); 127 and a line on stderr where it cannot be run."""
    try:
        if same_python and sys.executable:
            os.execv(sys.executable, [sys.executable] + command[1:])
        os.execvp(command[0], command)
    except OSError as err:
        sys.stderr.write(f"skillbench: could not start {command[0]}: {err.strerror or err}\n")
        return 127


def main(argv):
    same_python = argv[:1] == ["--same-python"]
    if same_python:
        argv = argv[1:]
    if len(argv) < 2 or argv[0] != "--":
        sys.stderr.write("usage: skillbench_reap.py [--same-python] -- COMMAND ARGS...\n")
        return 2
    reap_and_follow_parent()
    return exec_command(argv[1:], same_python)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
