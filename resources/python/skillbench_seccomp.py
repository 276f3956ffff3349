"""A seccomp filter for what Landlock does not cover: socket families other than TCP, fork, io_uring.

    no_new_privs()                  prctl(PR_SET_NO_NEW_PRIVS): needed by both Landlock and seccomp
    install(no_network, no_spawn, no_write) -> the names of what the filter refuses; raises OSError when it cannot

Refused calls fail with EPERM (the caller sees PermissionError), they do not kill the process. Every
mode refuses io_uring (it would open sockets and files past this filter), ptrace, and system calls of
another architecture (i386 or x32 calls from an x86_64 process). no_network refuses socket() whatever
the family: TCP and UDP, pathname and abstract UNIX sockets (Landlock's file rules do not cover
connecting to a pathname socket), netlink, packet, raw. socketpair() stays: it reaches nothing outside.
no_spawn refuses fork, vfork, clone without CLONE_THREAD (threads still work) and execve/execveat.
Standard library only; x86_64 and aarch64.
"""

import ctypes
import errno
import platform
import struct
import sys

PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 38, 22, 2
RET_ALLOW = 0x7FFF0000
RET_ERRNO = 0x00050000
CLONE_THREAD = 0x00010000

LD_W_ABS, JEQ_K, JGE_K, JSET_K, RET_K = 0x20, 0x15, 0x35, 0x45, 0x06
OFF_NR, OFF_ARCH, OFF_ARG0 = 0, 4, 16

ARCHES = {
    # machine: (AUDIT_ARCH, {name: number})
    "x86_64": (0xC000003E, {"socket": 41, "clone": 56, "fork": 57, "vfork": 58, "execve": 59, "ptrace": 101,
                            "execveat": 322, "io_uring_setup": 425, "io_uring_enter": 426,
                            "io_uring_register": 427, "clone3": 435, "chmod": 90, "fchmod": 91, "fchmodat": 268,
                            "fchmodat2": 452, "chown": 92, "fchown": 93, "lchown": 94, "fchownat": 260,
                            "utime": 132, "utimes": 235, "futimesat": 261, "utimensat": 280, "setxattr": 188,
                            "lsetxattr": 189, "fsetxattr": 190, "removexattr": 197, "lremovexattr": 198,
                            "fremovexattr": 199, "setxattrat": 463, "removexattrat": 466}),
    "aarch64": (0xC00000B7, {"socket": 198, "clone": 220, "execve": 221, "ptrace": 117, "execveat": 281,
                             "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
                             "clone3": 435, "fchmod": 52, "fchmodat": 53, "fchmodat2": 452, "fchownat": 54,
                             "fchown": 55, "utimensat": 88, "setxattr": 5, "lsetxattr": 6, "fsetxattr": 7,
                             "removexattr": 14, "lremovexattr": 15, "fremovexattr": 16, "setxattrat": 463,
                             "removexattrat": 466}),
}
# Landlock has no right for a file's owner, mode, times or extended attributes: changes to them are
# refused here. Owners and attributes always; modes and times where no file may be written at all.
OWNERS = ("chown", "fchown", "lchown", "fchownat", "setxattr", "lsetxattr", "fsetxattr", "removexattr",
          "lremovexattr", "fremovexattr", "setxattrat", "removexattrat")
MODES = ("chmod", "fchmod", "fchmodat", "fchmodat2", "utime", "utimes", "futimesat", "utimensat")

LINUX = sys.platform.startswith("linux")
_libc = ctypes.CDLL(None, use_errno=True) if LINUX else None
if _libc is not None:
    _libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]


def supported():
    return LINUX and platform.machine() in ARCHES


def no_new_privs():
    if _libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        err = ctypes.get_errno()
        raise OSError(err, "prctl(PR_SET_NO_NEW_PRIVS) failed")


def _ins(code, k, jt=0, jf=0):
    return struct.pack("<HBBI", code, jt, jf, k)


def program(machine, no_network, no_spawn, no_write=False):
    """The filter as BPF instructions (bytes, 8 per instruction), and the names it refuses."""
    audit, nr = ARCHES[machine]
    deny = RET_ERRNO | errno.EPERM
    nosys = RET_ERRNO | errno.ENOSYS
    out = [_ins(LD_W_ABS, OFF_ARCH), _ins(JEQ_K, audit, 1, 0), _ins(RET_K, deny), _ins(LD_W_ABS, OFF_NR)]
    if machine == "x86_64":
        out += [_ins(JGE_K, 0x40000000, 0, 1), _ins(RET_K, deny)]  # x32 system calls
    refused = {"io_uring_setup": deny, "io_uring_enter": deny, "io_uring_register": deny, "ptrace": deny}
    refused.update((name, deny) for name in OWNERS + (MODES if no_write else ()))
    if no_network:
        refused["socket"] = deny
    if no_spawn:
        # clone3 passes its flags in memory a filter cannot read: ENOSYS makes the C library use clone.
        refused.update(fork=deny, vfork=deny, execve=deny, execveat=deny, clone3=nosys)
    for name, action in refused.items():
        if name in nr:
            out += [_ins(JEQ_K, nr[name], 0, 1), _ins(RET_K, action)]
    if no_spawn:
        out += [_ins(JEQ_K, nr["clone"], 0, 4), _ins(LD_W_ABS, OFF_ARG0), _ins(JSET_K, CLONE_THREAD, 1, 0),
                _ins(RET_K, deny), _ins(RET_K, RET_ALLOW)]
        refused["clone (new processes)"] = deny
    out.append(_ins(RET_K, RET_ALLOW))
    return b"".join(out), sorted(n for n in refused if n in nr or n.startswith("clone"))


def install(no_network, no_spawn, no_write=False):
    machine = platform.machine()
    if not supported():
        raise OSError(errno.ENOSYS, f"no seccomp filter for {machine}")
    code, refused = program(machine, no_network, no_spawn, no_write)
    filt = ctypes.create_string_buffer(code, len(code))
    # struct sock_fprog { unsigned short len; struct sock_filter *filter; } (the pointer 8-aligned)
    prog = ctypes.create_string_buffer(struct.pack("<HxxxxxxQ", len(code) // 8, ctypes.addressof(filt)), 16)
    if _libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.addressof(prog), 0, 0) != 0:
        err = ctypes.get_errno()
        raise OSError(err, "prctl(PR_SET_SECCOMP) failed")
    return refused
