/**
 * The hostile suite for ComBench's verifier sandbox: record verifiers and payloads that try to escape,
 * exhaust or forge. Each attack's verifier prints True only when the attack worked, so a run that passes
 * means the jail failed. Shared by the in-process test and the child the test starts as an unprivileged
 * user (see src/suites/combench/common/hostile.test.ts).
 */
import type { SandboxLimits } from "../../src/sandbox/index.ts";

export interface AttackContext {
  /** A 0644 file outside the jail holding `secret`. */
  canary: string;
  secret: string;
  /** A TCP listener on 127.0.0.1. */
  tcpPort: number;
  /** A Unix socket listener, outside the jail. */
  unixSocket: string;
  /** A directory outside the jail, holding keep.txt; nothing in it may appear, change or vanish. */
  outside: string;
}

export interface Attack {
  name: string;
  /** Verifier source; for payload attacks, the eval-based verifier below. */
  code: string;
  payload: string;
  limits?: Partial<SandboxLimits>;
  /** The statuses it may end with (default: anything but pass). */
  statuses?: readonly string[];
}

const py = (s: string) => JSON.stringify(s);

/** True only when one of the attempts does not raise. */
const anyWorks = (attempts: string[]) =>
  [
    "import os, sys, socket",
    "worked = []",
    ...attempts.map((a, i) => `try:\n    ${a}\n    worked.append(${i})\nexcept BaseException:\n    pass`),
    'print("worked:", worked)',
    'print("True" if worked else "False")',
  ].join("\n");

/** A verifier as the paper's IMO 2020 P4 listing reads its payload: `eval` on the stripped text. */
export const EVAL_VERIFIER = [
  "import sys",
  "payload = sys.stdin.read().strip()",
  "try:",
  "    data = eval(payload)",
  "except Exception as exc:",
  '    print("Failed to parse:", exc)',
  "    sys.exit(0)",
  'print("True" if data == [1, 2, 3] else "wrong")',
].join("\n");

/** A verifier that evaluates a rule string from the payload, as rule-based witnesses need. */
export const RULE_VERIFIER = [
  "import ast, sys",
  "data = ast.literal_eval(sys.stdin.read().strip())",
  'rule = eval(data["rule"])',
  'print("True" if [rule(t) for t in ([1, 2], [3], [4, 5, 6])] == [True, False, True] else "wrong")',
].join("\n");

export function verifierAttacks(ctx: AttackContext): Attack[] {
  const keep = `${ctx.outside}/keep.txt`;
  const attack = (name: string, code: string, extra: Partial<Attack> = {}): Attack => ({
    name,
    code,
    payload: "",
    ...extra,
  });
  return [
    attack("an endless loop", "while True:\n    pass", {
      limits: { timeoutMs: 1000, cpuSeconds: 1 },
      statuses: ["timeout"],
    }),
    attack("a 10 GB allocation", 'data = bytearray(10 * 1024 ** 3)\nprint("True")', { statuses: ["memory"] }),
    attack(
      "a fork bomb",
      anyWorks(["for _ in range(10000):\n        if os.fork() == 0:\n            os._exit(0)"]),
    ),
    attack(
      "subprocess, os.system and posix_spawn",
      anyWorks([
        'import subprocess; assert subprocess.run([sys.executable, "-c", "pass"]).returncode == 0',
        'assert os.system("exit 0") == 0',
        'os.waitpid(os.posix_spawn(sys.executable, [sys.executable, "-c", "pass"], {}), 0)',
        'os.execv(sys.executable, [sys.executable, "-c", "print(\'True\')"])',
      ]),
    ),
    attack(
      "ctypes under another name and raw libc calls",
      anyWorks([
        [
          "import importlib.util, importlib.machinery",
          'origin = importlib.util.find_spec("_ctypes").origin',
          'spec = importlib.util.spec_from_file_location("_ctypes", origin)',
          "native = importlib.util.module_from_spec(spec); spec.loader.exec_module(native)",
          'sys.modules["_ctypes"] = native',
          "import ctypes",
          "libc = ctypes.CDLL(None, use_errno=True)",
          "fd = libc.socket(2, 1, 0)",
          "assert fd >= 0",
          `addr = bytes([2, 0]) + (${ctx.tcpPort}).to_bytes(2, "big") + bytes([127, 0, 0, 1]) + bytes(8)`,
          "assert libc.connect(fd, addr, 16) == 0",
          'libc.write(fd, b"escaped", 7)',
        ].join("; "),
        `import ctypes; assert ctypes.CDLL(None).mkdir(${py(`${ctx.outside}/ctypes-dir`)}.encode(), 0o777) == 0`,
      ]),
    ),
    attack(
      "TCP to a listener on 127.0.0.1",
      anyWorks([`socket.create_connection(("127.0.0.1", ${ctx.tcpPort}), timeout=2)`]),
    ),
    attack(
      "a Unix socket to a listener outside",
      anyWorks([`socket.socket(socket.AF_UNIX).connect(${py(ctx.unixSocket)})`]),
    ),
    attack("reading a canary file", anyWorks([`assert ${py(ctx.secret)} in open(${py(ctx.canary)}).read()`])),
    attack(
      "reading the parent's environment and command line",
      anyWorks([
        `assert ${py(ctx.secret)} in repr(dict(os.environ))`,
        [
          "import glob",
          `assert any(${py(ctx.secret)}.encode() in open(p, "rb").read() for p in glob.glob("/proc/*/environ") + glob.glob("/proc/*/cmdline"))`,
        ].join("; "),
      ]),
    ),
    attack(
      "creating, writing and deleting files outside",
      anyWorks([
        `open(${py(`${ctx.outside}/new.txt`)}, "w").write("x")`,
        `open(${py(keep)}, "a").write("x")`,
        `os.remove(${py(keep)})`,
        `os.mkdir(${py(`${ctx.outside}/new-dir`)})`,
        'open("/tmp/new.txt", "w").write("x")',
        'open("new.txt", "w").write("x")',
      ]),
    ),
    attack(
      "mkfifo and mknod",
      anyWorks([
        `os.mkfifo(${py(`${ctx.outside}/fifo`)})`,
        'os.mkfifo("/tmp/fifo")',
        'import stat; os.mknod("/tmp/node", stat.S_IFREG | 0o600)',
      ]),
    ),
    attack(
      "patching the tripwire through gc, closing its channel",
      [
        "import gc, os",
        "for obj in gc.get_objects():",
        '    if type(obj) is dict and "audit" in obj and "report" in obj:',
        '        obj["report"] = lambda *a: None',
        '        obj["PermissionError"] = type("Quiet", (Exception,), {})',
        "try:",
        "    os.close(4)",
        "except OSError:",
        "    pass",
        anyWorks([`open(${py(`${ctx.outside}/gc.txt`)}, "w").write("x")`, `os.remove(${py(keep)})`]),
      ].join("\n"),
    ),
    attack(
      "2 GB on stdout",
      'import sys\nfor _ in range(2048):\n    sys.stdout.write("x" * 2 ** 20)\nprint("False")',
    ),
    // Payload attacks: an eval-based verifier that accepts only [1, 2, 3].
    ...(
      [
        [
          "rebinding print",
          '__import__("builtins").__setattr__("print", lambda *a, **k: __import__("sys").stdout.write("True\\n"))',
        ],
        ["atexit", '__import__("atexit").register(lambda: __import__("sys").stdout.write("True\\n"))'],
        [
          "os._exit(0) after printing True",
          '(__import__("sys").stdout.write("True\\n"), __import__("sys").stdout.flush(), __import__("os")._exit(0))',
        ],
        ["a fork in the payload", '[__import__("os").fork() for _ in range(100)]'],
        ["reading the canary", `open(${py(ctx.canary)}).read()`],
        ["TCP from the payload", `__import__("socket").create_connection(("127.0.0.1", ${ctx.tcpPort}))`],
        [
          "2 GB on stdout",
          '[__import__("sys").stdout.write("x" * 2 ** 20) for _ in range(2048)] and [1, 2, 4]',
        ],
        ["a 10 GB value", "[0] * (10 * 1024 ** 3)"],
        ["an endless payload", "sum(1 for _ in iter(int, 1))"],
      ] as const
    ).map(([name, payload]) =>
      attack(`payload: ${name}`, EVAL_VERIFIER, { payload, limits: { timeoutMs: 1500, cpuSeconds: 1 } }),
    ),
    attack("payload: a rule string that runs code", RULE_VERIFIER, {
      payload: '{"rule": "lambda t: __import__(\'os\')._exit(0) or True"}',
      statuses: ["refused"],
    }),
    attack("payload: a rule string that prints", RULE_VERIFIER, {
      payload: '{"rule": "lambda t: print(\'True\')"}',
      statuses: ["refused"],
    }),
  ];
}
