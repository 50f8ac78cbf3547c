import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { createSandbox } from "./sandbox.ts";
import type { SandboxLimits, SandboxResult } from "./types.ts";

const sandbox = createSandbox();
const environment = await sandbox.environment();
const missing = environment.available ? undefined : environment.reason;
const title = (what: string) => (missing ? `${what} (skipped: ${missing})` : what);

async function run(code: string, payload = "", limits?: Partial<SandboxLimits>): Promise<SandboxResult> {
  return sandbox.run(code, payload, { limits });
}

/** After any abuse, the next verification still runs normally. */
async function expectStillWorks(): Promise<void> {
  const next = await run("import sys\nprint(sys.stdin.read() == 'ok')", "ok");
  expect(next.status, next.reason).toBe("pass");
}

describe.skipIf(missing !== undefined).concurrent("the verifier sandbox", () => {
  it(title("passes only when the last non-blank stdout line is True and the exit code is 0"), async () => {
    expect((await run('print("checking")\nprint("  True  ")\nprint()')).status).toBe("pass");
    expect((await run('print("true")')).status).toBe("fail");
    expect((await run('print("True.")')).status).toBe("fail");
    expect((await run("")).reason).toBe("The verifier printed nothing, not True.");
    const exited = await run('import sys\nprint("True")\nsys.exit(3)');
    expect([exited.status, exited.exitCode]).toEqual(["fail", 3]);
    const crashed = await run('print("True")\nraise ValueError("late")');
    expect(crashed.status).toBe("error");
    expect(crashed.reason).toBe("The verifier crashed: ValueError: late.");
    expect(crashed.stderr).toContain("ValueError: late");
  });

  it(title("runs the verifier as __main__ with the payload on stdin, in an empty environment"), async () => {
    const code = [
      "import os, sys",
      "if __name__ == '__main__':",
      "    print(repr(sys.stdin.read()), dict(os.environ), sys.argv, os.listdir('.'))",
    ].join("\n");
    const result = await run(code, "[[1, 2]]\n");
    expect(result.stdout.trim()).toBe("'[[1, 2]]\\n' {} ['verifier.py'] []");
  });

  it(title("reports a verifier that does not compile"), async () => {
    const result = await run("def broken(:\n");
    expect(result.status).toBe("error");
    expect(result.reason).toContain("the verifier does not compile");
    await expectStillWorks();
  });

  it(title("kills an endless loop at the wall-clock limit"), async () => {
    const result = await run("while True:\n    pass", "", { timeoutMs: 1000 });
    expect([result.status, result.signal]).toEqual(["timeout", "SIGKILL"]);
    expect(result.reason).toBe("The verifier ran past the 1000 ms wall-clock limit and was killed.");
    expect(result.ms).toBeLessThan(5000);
    await expectStillWorks();
  });

  it(title("stops an endless loop at the CPU limit"), async () => {
    const result = await run("while True:\n    pass", "", { cpuSeconds: 1, timeoutMs: 10_000 });
    expect([result.status, result.signal]).toEqual(["timeout", "SIGXCPU"]);
    expect(result.reason).toBe("The verifier used more than 1 s of CPU time and was stopped.");
    await expectStillWorks();
  });

  it(title("refuses a 10 GB allocation"), async () => {
    const result = await run("data = bytearray(10 * 1024 ** 3)\nprint('True')");
    expect(result.status).toBe("memory");
    expect(result.reason).toBe("The verifier ran out of memory (limit 512 MiB).");
    await expectStillWorks();
  });

  it.each([
    ["os.fork", "import os\nos.fork()", "os.fork"],
    ["subprocess", "import subprocess\nsubprocess.run(['true'])", "import _posixsubprocess"],
    ["os.system", "import os\nos.system('true')", "os.system"],
    ["os.execv", "import os\nos.execv('/bin/true', ['true'])", "os.exec"],
    ["ctypes", "import ctypes", "import ctypes"],
    [
      "raising a limit",
      "import resource\nresource.setrlimit(resource.RLIMIT_CPU, (100, 100))",
      "resource.setrlimit",
    ],
  ])(title("blocks %s"), async (_name, code, event) => {
    const result = await run(code);
    expect(result.status).toBe("blocked");
    expect(result.reason).toBe(`The verifier tried a forbidden operation (${event}) and was stopped.`);
    await expectStillWorks();
  });

  it(title("counts a blocked operation even when the verifier swallows the error"), async () => {
    const result = await run("import os\ntry:\n    os.fork()\nexcept Exception:\n    pass\nprint('True')");
    expect(result.status).toBe("blocked");
  });

  it(title("blocks file writes, and no file appears"), async () => {
    const target = `/tmp/plumb-sandbox-write-${process.pid}-${Date.now()}.txt`;
    for (const code of [
      `open(${JSON.stringify(target)}, "w").write("x")`,
      `import os\nos.close(os.open(${JSON.stringify(target)}, os.O_CREAT | os.O_WRONLY))`,
      `open("here.txt", "a").write("x")`,
      `import os\nos.mkdir("/tmp/plumb-sandbox-dir")`,
    ]) {
      const result = await run(code);
      expect(result.status, code).toBe("blocked");
    }
    expect(existsSync(target)).toBe(false);
    expect(existsSync("/tmp/plumb-sandbox-dir")).toBe(false);
    await expectStillWorks();
  });

  it(title("blocks sockets, and nothing reaches a listener on 127.0.0.1"), async () => {
    let connections = 0;
    const server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const result = await run(`import socket\nsocket.create_connection(("127.0.0.1", ${port}), timeout=2)`);
      expect(result.status).toBe("blocked");
      expect(result.reason).toContain("socket.");
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
    await expectStillWorks();
  });

  it(title("caps a huge print but still sees the final True"), async () => {
    const result = await run("import sys\nsys.stdout.write('x' * 50_000_000)\nprint()\nprint('True')", "", {
      outputBytes: 1024,
    });
    expect(result.status).toBe("pass");
    expect(result.stdout.length).toBeLessThan(1024 + 4096 + 100);
    expect(result.stdout).toMatch(/\[\.\.\. \d+ bytes dropped \.\.\.\]/);
    await expectStillWorks();
  });

  it(title("puts the rlimits, the uid drop and the network namespace in force"), async () => {
    const code = [
      "import os, resource",
      "names = ['RLIMIT_CPU', 'RLIMIT_AS', 'RLIMIT_FSIZE', 'RLIMIT_NPROC', 'RLIMIT_NOFILE']",
      "print({n: resource.getrlimit(getattr(resource, n)) for n in names})",
      "print(os.getuid(), os.getgid(), os.getgroups())",
      "print(sorted(l.split(':')[0].strip() for l in open('/proc/self/net/dev').read().splitlines()[2:]))",
    ].join("\n");
    const result = await run(code);
    const [limits, ids, interfaces] = result.stdout.trim().split("\n");
    expect(limits).toBe(
      "{'RLIMIT_CPU': (10, 11), 'RLIMIT_AS': (536870912, 536870912), 'RLIMIT_FSIZE': (0, 0), " +
        "'RLIMIT_NPROC': (256, 256), 'RLIMIT_NOFILE': (32, 32)}",
    );
    const isolation = result.isolation;
    expect(isolation?.kind).toBe("bwrap");
    if (isolation?.user === "nobody") expect(ids).toBe("65534 65534 []");
    expect(interfaces).toBe("['lo']");
  });

  it(title("runs many verifiers at once within the concurrency limit"), async () => {
    const small = createSandbox({ concurrency: 2 });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        small.run(`import sys\nprint(sys.stdin.read() == "${i}")`, String(i)),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill("pass"));
  });
});

describe("sandbox setup", () => {
  it.skipIf(missing !== undefined)(
    "refuses to run verifiers it cannot isolate, unless told to, and then says so",
    async () => {
      const bare = createSandbox({ bubblewrap: "/nonexistent/bwrap" });
      const refused = await bare.run('print("True")', "");
      expect(refused.status).toBe("unavailable");
      expect(refused.reason).toMatch(/not run without isolation .*--unsafe-verifiers/);
      const unsafe = await bare.run('print("True")', "", { unisolated: true });
      expect(unsafe.status).toBe("pass");
      expect(unsafe.isolation?.kind).toBe("none");
      expect(unsafe.isolation?.notes.join(" ")).toContain("--unsafe-verifiers");
    },
  );

  it.skipIf(missing !== undefined)("lets a verifier use threads", async () => {
    const code = "import threading\nt = threading.Thread(target=print, args=('True',))\nt.start()\nt.join()";
    const result = await run(code);
    expect(result.status, result.reason).toBe("pass");
  });

  it("reports a missing python3 on every call instead of throwing", async () => {
    const nowhere = createSandbox({ python: "/nonexistent/python3" });
    for (let i = 0; i < 2; i++) {
      const result = await nowhere.run('print("True")', "");
      expect(result.status).toBe("unavailable");
      expect(result.reason).toMatch(
        /^python3 not found \(could not run "\/nonexistent\/python3": .*ENOENT.*\): construction verifiers cannot run\.$/,
      );
      expect(result.isolation).toBeUndefined();
    }
  });

  it("throws for impossible limits, which are programmer errors", async () => {
    await expect(createSandbox().run("", "", { limits: { timeoutMs: 0 } })).rejects.toThrow(RangeError);
  });
});
