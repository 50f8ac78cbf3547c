/**
 * Seccomp filters for the verifier: classic BPF programs that refuse, with EPERM, every system call a
 * verifier has no business making — new processes (threads are allowed), sockets of any family,
 * namespaces and mounts, tracing other processes, device nodes and FIFOs, kernel modules, keyrings,
 * io_uring, BPF — and kill a process that switches to another system-call ABI. Bubblewrap installs one
 * before it starts the interpreter (which it must still exec); the bootstrap adds one that also refuses
 * exec before any untrusted code runs. Everything else is left to the namespaces and rlimits around it.
 */

const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const JSET_K = 0x45;
const RET_K = 0x06;

const RET_ALLOW = 0x7fff0000;
const RET_KILL_PROCESS = 0x80000000;
const RET_ERRNO = 0x00050000;
const EPERM = 1;
const ENOSYS = 38;

/** Offsets in struct seccomp_data. */
const NR = 0;
const ARCH = 4;
const ARG0_LOW = 16;

const CLONE_THREAD = 0x00010000;
/** x86_64 numbers with this bit set are the x32 ABI, which the table below does not describe. */
const X32_SYSCALL_BIT = 0x40000000;

/** Calls refused on every architecture, by name. */
const DENIED = [
  "socket",
  "socketpair",
  "connect",
  "bind",
  "listen",
  "accept",
  "accept4",
  "unshare",
  "setns",
  "mount",
  "umount2",
  "pivot_root",
  "chroot",
  "move_mount",
  "open_tree",
  "fsopen",
  "fsconfig",
  "fsmount",
  "fspick",
  "mount_setattr",
  "ptrace",
  "process_vm_readv",
  "process_vm_writev",
  "kcmp",
  "kexec_load",
  "kexec_file_load",
  "init_module",
  "finit_module",
  "delete_module",
  "bpf",
  "perf_event_open",
  "userfaultfd",
  "keyctl",
  "add_key",
  "request_key",
  "io_uring_setup",
  "io_uring_enter",
  "io_uring_register",
  "personality",
  "syslog",
  "acct",
  "swapon",
  "swapoff",
  "reboot",
  "quotactl",
  "name_to_handle_at",
  "open_by_handle_at",
  "lookup_dcookie",
  "fanotify_init",
  "mknodat",
  "settimeofday",
  "clock_settime",
  "adjtimex",
  "sethostname",
  "setdomainname",
] as const;

/** Calls only x86_64 has. */
const DENIED_X86_64 = ["fork", "vfork", "mknod", "iopl", "ioperm", "modify_ldt", "uselib"] as const;

type Name =
  | (typeof DENIED)[number]
  | (typeof DENIED_X86_64)[number]
  | "clone"
  | "clone3"
  | "execve"
  | "execveat";

interface Arch {
  /** AUDIT_ARCH_* as the kernel reports it in seccomp_data.arch. */
  audit: number;
  numbers: Partial<Record<Name, number>>;
  /** Calls of this architecture only, refused too. */
  own: readonly Name[];
  /** Whether the x32 ABI shares this architecture's audit value (x86_64). */
  x32: boolean;
}

const ARCHES: Record<string, Arch> = {
  x64: {
    audit: 0xc000003e,
    own: DENIED_X86_64,
    x32: true,
    numbers: {
      clone: 56,
      clone3: 435,
      execve: 59,
      execveat: 322,
      fork: 57,
      vfork: 58,
      mknod: 133,
      iopl: 172,
      ioperm: 173,
      modify_ldt: 154,
      uselib: 134,
      socket: 41,
      socketpair: 53,
      connect: 42,
      bind: 49,
      listen: 50,
      accept: 43,
      accept4: 288,
      unshare: 272,
      setns: 308,
      mount: 165,
      umount2: 166,
      pivot_root: 155,
      chroot: 161,
      move_mount: 429,
      open_tree: 428,
      fsopen: 430,
      fsconfig: 431,
      fsmount: 432,
      fspick: 433,
      mount_setattr: 442,
      ptrace: 101,
      process_vm_readv: 310,
      process_vm_writev: 311,
      kcmp: 312,
      kexec_load: 246,
      kexec_file_load: 320,
      init_module: 175,
      finit_module: 313,
      delete_module: 176,
      bpf: 321,
      perf_event_open: 298,
      userfaultfd: 323,
      keyctl: 250,
      add_key: 248,
      request_key: 249,
      io_uring_setup: 425,
      io_uring_enter: 426,
      io_uring_register: 427,
      personality: 135,
      syslog: 103,
      acct: 163,
      swapon: 167,
      swapoff: 168,
      reboot: 169,
      quotactl: 179,
      name_to_handle_at: 303,
      open_by_handle_at: 304,
      lookup_dcookie: 212,
      fanotify_init: 300,
      mknodat: 259,
      settimeofday: 164,
      clock_settime: 227,
      adjtimex: 159,
      sethostname: 170,
      setdomainname: 171,
    },
  },
  arm64: {
    audit: 0xc00000b7,
    own: [],
    x32: false,
    numbers: {
      clone: 220,
      clone3: 435,
      execve: 221,
      execveat: 281,
      socket: 198,
      socketpair: 199,
      connect: 203,
      bind: 200,
      listen: 201,
      accept: 202,
      accept4: 242,
      unshare: 97,
      setns: 268,
      mount: 40,
      umount2: 39,
      pivot_root: 41,
      chroot: 51,
      move_mount: 429,
      open_tree: 428,
      fsopen: 430,
      fsconfig: 431,
      fsmount: 432,
      fspick: 433,
      mount_setattr: 442,
      ptrace: 117,
      process_vm_readv: 270,
      process_vm_writev: 271,
      kcmp: 272,
      kexec_load: 104,
      kexec_file_load: 294,
      init_module: 105,
      finit_module: 273,
      delete_module: 106,
      bpf: 280,
      perf_event_open: 241,
      userfaultfd: 282,
      keyctl: 219,
      add_key: 217,
      request_key: 218,
      io_uring_setup: 425,
      io_uring_enter: 426,
      io_uring_register: 427,
      personality: 92,
      syslog: 116,
      acct: 89,
      swapon: 224,
      swapoff: 225,
      reboot: 142,
      quotactl: 60,
      name_to_handle_at: 264,
      open_by_handle_at: 265,
      lookup_dcookie: 18,
      fanotify_init: 262,
      mknodat: 33,
      settimeofday: 170,
      clock_settime: 112,
      adjtimex: 171,
      sethostname: 161,
      setdomainname: 162,
    },
  },
};

/** One BPF instruction before jump targets are resolved: a jump names its targets by label. */
type Op =
  | { code: number; k: number }
  | { code: number; k: number; yes: string | null; no: string | null }
  | { label: string };

/**
 * The filter for an architecture (this machine's by default), or undefined where there is no table.
 * `exec: "deny"` also refuses execve and execveat.
 */
export function seccompFilter(
  { exec }: { exec: "allow" | "deny" },
  arch: string = process.arch,
): Buffer | undefined {
  const spec = ARCHES[arch];
  if (spec === undefined) return undefined;
  const ops: Op[] = [
    { code: LD_W_ABS, k: ARCH },
    { code: JEQ_K, k: spec.audit, yes: null, no: "kill" },
    { code: LD_W_ABS, k: NR },
  ];
  if (spec.x32) ops.push({ code: JGE_K, k: X32_SYSCALL_BIT, yes: "kill", no: null });
  const execs: Name[] = exec === "deny" ? ["execve", "execveat"] : [];
  for (const name of [...DENIED, ...spec.own, ...execs]) {
    const nr = spec.numbers[name];
    if (nr === undefined) throw new Error(`seccomp table for ${arch} lacks ${name}`);
    ops.push({ code: JEQ_K, k: nr, yes: "eperm", no: null });
  }
  ops.push(
    // glibc falls back from clone3 to clone on ENOSYS, where the flags can be read.
    { code: JEQ_K, k: spec.numbers.clone3 as number, yes: "enosys", no: null },
    { code: JEQ_K, k: spec.numbers.clone as number, yes: null, no: "allow" },
    { code: LD_W_ABS, k: ARG0_LOW },
    { code: JSET_K, k: CLONE_THREAD, yes: "allow", no: "eperm" },
    { label: "allow" },
    { code: RET_K, k: RET_ALLOW },
    { label: "eperm" },
    { code: RET_K, k: RET_ERRNO | EPERM },
    { label: "enosys" },
    { code: RET_K, k: RET_ERRNO | ENOSYS },
    { label: "kill" },
    { code: RET_K, k: RET_KILL_PROCESS },
  );
  return assemble(ops);
}

/** Resolves labels into relative jump offsets and writes struct sock_filter entries (little endian). */
function assemble(ops: readonly Op[]): Buffer {
  const at = new Map<string, number>();
  let index = 0;
  for (const op of ops) {
    if ("label" in op) at.set(op.label, index);
    else index++;
  }
  const out = Buffer.alloc(index * 8);
  index = 0;
  for (const op of ops) {
    if ("label" in op) continue;
    let jt = 0;
    let jf = 0;
    if ("yes" in op) {
      const offset = (label: string | null) => {
        if (label === null) return 0;
        const target = at.get(label);
        if (target === undefined) throw new Error(`seccomp: no label ${label}`);
        const jump = target - index - 1;
        if (jump < 0 || jump > 255) throw new Error(`seccomp: jump to ${label} out of range`);
        return jump;
      };
      jt = offset(op.yes);
      jf = offset(op.no);
    }
    out.writeUInt16LE(op.code, index * 8);
    out.writeUInt8(jt, index * 8 + 2);
    out.writeUInt8(jf, index * 8 + 3);
    out.writeUInt32LE(op.k >>> 0, index * 8 + 4);
    index++;
  }
  return out;
}
