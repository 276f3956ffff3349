"""Confinement the kernel enforces (Landlock + seccomp on Linux), applied to this process and all it starts.

    python3 skillbench_confine.py --probe
        -> one JSON line: {"platform", "landlock_abi", "seccomp", "cgroup2"}
    python3 skillbench_confine.py --policy JSON -- COMMAND ARGS...
        confines itself, then execs COMMAND: Landlock and seccomp survive execve, so any skill of any
        protocol (a Node MCP server too) runs confined. The policy:
        {"read": [...], "write": [...], "exec": [...], "network": false, "spawn": true, "tmp": "/private/tmp"}
        The system's libraries and programs are added to read and exec. Stderr gets one line saying what holds.
        Where Landlock is missing the command is not run (exit 126): it was asked to run confined.

Also, for every process it starts, as skillbench_reap.py does for an unconfined one: PR_SET_PDEATHSIG (it is
killed when the workbench dies, even by SIGKILL) and PR_SET_CHILD_SUBREAPER (an orphaned descendant, a
double-forked daemon, becomes its child, so the workbench's process walk still finds it when the skill stops).
Standard library only; Python 3.9+.
"""

import json
import os
import sys

import skillbench_landlock as landlock
import skillbench_seccomp as seccomp
from skillbench_reap import exec_command, reap_and_follow_parent

CGROUP2_MAGIC = 0x63677270
EXIT_NOT_CONFINED = 126

# What every program needs to read (and run): the system's libraries and programs, and harmless devices.
SYSTEM_READ = ["/usr", "/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin", "/etc", "/opt", "/nix/store",
               "/dev/null", "/dev/zero", "/dev/urandom", "/dev/random", "/sys/devices/system/cpu",
               "/proc/self", "/proc/cpuinfo", "/proc/meminfo", "/proc/stat", "/sys/fs/cgroup"]
# The minimum under no_filesystem_read: the loader's cache, time zones, randomness.
MINIMAL_READ = ["/usr", "/lib", "/lib64", "/lib32", "/etc/ld.so.cache", "/etc/localtime", "/dev/null",
                "/dev/zero", "/dev/urandom", "/dev/random"]
NETWORK_READ = ["/etc/resolv.conf", "/etc/hosts", "/etc/nsswitch.conf", "/etc/gai.conf", "/etc/ssl",
                "/etc/ca-certificates", "/etc/pki", "/run/systemd/resolve"]
SYSTEM_EXEC = ["/usr", "/bin", "/sbin", "/lib", "/lib64", "/opt", "/nix/store"]


def cgroup2():
    """Whether a cgroup v2 subtree is ours to make a group per skill in (not in a v1 or mixed hierarchy)."""
    try:
        st = os.statvfs("/sys/fs/cgroup")
        del st
        with open("/proc/self/mountinfo", encoding="utf-8") as f:
            v2 = any(line.split(" - ")[1].startswith("cgroup2 ") and line.split()[4] == "/sys/fs/cgroup"
                     for line in f if " - " in line)
        if not v2:
            return "no: /sys/fs/cgroup is not a cgroup v2 hierarchy (cgroup v1 or mixed)"
        with open("/proc/self/cgroup", encoding="utf-8") as f:
            own = next((line.strip()[3:] for line in f if line.startswith("0::")), None)
        path = "/sys/fs/cgroup" + (own or "/")
        return "yes" if os.access(os.path.join(path, "cgroup.procs"), os.W_OK) else f"no: {path} is not delegated to this user"
    except (OSError, IndexError) as err:
        return f"no: {err}"


def probe():
    out = {"platform": sys.platform, "landlock_abi": 0, "seccomp": False, "cgroup2": "no: not Linux"}
    if sys.platform.startswith("linux"):
        out.update(landlock_abi=landlock.abi(), seccomp=seccomp.supported(), cgroup2=cgroup2())
    return out


def interpreter_paths():
    """Where this Python and its packages live."""
    paths = {sys.prefix, sys.base_prefix, sys.exec_prefix, os.path.dirname(os.path.realpath(sys.executable))}
    paths.update(p for p in sys.path if p and os.path.isdir(p))
    return sorted(paths)


def apply(policy):
    """Confines this process; returns what holds. Raises OSError where Landlock is missing."""
    network = bool(policy.get("network"))
    spawn = policy.get("spawn", True)
    minimal = policy.get("minimal_read", False)
    read = list(policy.get("read") or []) + (MINIMAL_READ if minimal else SYSTEM_READ)
    if network and minimal:
        read += NETWORK_READ
    write = list(policy.get("write") or []) + ["/dev/null"]
    if policy.get("tmp"):
        write.append(policy["tmp"])
    execs = (list(policy.get("exec") or []) + SYSTEM_EXEC) if spawn else []
    seccomp.no_new_privs()
    ll = landlock.restrict({"list": policy.get("list") or [], "read": read, "write": write, "exec": execs, "net": network, "scope": True})
    no_write = not (policy.get("write") or policy.get("tmp"))
    refused = seccomp.install(not network, not spawn, no_write) if seccomp.supported() else None
    return {"landlock": ll, "seccomp": refused, "read": sorted(set(policy.get("read") or [])),
            "write": sorted(set(w for w in write if w != "/dev/null")), "network": network, "spawn": spawn}


def summary(result):
    """One line: what the kernel enforces now."""
    ll = result["landlock"]
    parts = [f"files written only in {', '.join(result['write']) or 'nothing'} (Landlock ABI {ll['abi']})",
             "files read only from the system, the interpreter and " + (", ".join(result["read"]) or "nothing")]
    if not result["network"]:
        how = "Landlock+seccomp" if result["seccomp"] is not None else "Landlock, TCP only"
        parts.append(f"no network ({how})")
    if not result["spawn"]:
        parts.append("no programs started (Landlock+seccomp)")
    if ll.get("scope"):
        parts.append("no signals out of the sandbox (Landlock)")
    if ll.get("missing"):
        parts.append(f"not covered by this kernel: {', '.join(ll['missing'])}")
    return "; ".join(parts)


def main(argv):
    if argv[:1] == ["--probe"]:
        print(json.dumps(probe()))
        return 0
    if len(argv) < 4 or argv[0] != "--policy" or argv[2] != "--":
        sys.stderr.write("usage: skillbench_confine.py --policy JSON -- COMMAND ARGS...\n")
        return 2
    policy, command = json.loads(argv[1]), argv[3:]
    reap_and_follow_parent()
    if policy.get("tmp"):
        os.makedirs(policy["tmp"], mode=0o700, exist_ok=True)
    try:
        result = apply(policy)
    except OSError as err:
        sys.stderr.write(f"skillbench: not confined, so not started: {err.strerror or err}\n")
        return EXIT_NOT_CONFINED
    sys.stderr.write(f"skillbench: confined: {summary(result)}\n")
    sys.stderr.flush()
    return exec_command(command)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
