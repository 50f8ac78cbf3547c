# Runs one untrusted ComBench verifier. Passed to `python3 -I -B -X utf8 -c` with the arguments
# cpu_seconds memory_bytes open_files. The verifier's source arrives on fd 3; the payload is stdin.
# Reports for the sandbox go to fd 4 as "kind<TAB>detail" lines: blocked, memory, error.
# The audit hook is a tripwire that names what was attempted; the hard boundaries are the rlimits,
# the nobody uid and the network namespace set up around this process.
import os
import resource
import sys
import traceback
import types


def report(kind, detail):
    line = kind + "\t" + " ".join(str(detail).split())[:400] + "\n"
    try:
        os.write(4, line.encode("utf-8", "replace"))
    except OSError:
        pass


def read_source():
    chunks = []
    while True:
        chunk = os.read(3, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(3)
    return b"".join(chunks).decode("utf-8", "replace")


def set_limits(cpu_seconds, memory_bytes, open_files):
    # The CPU hard limit is one second above the soft one, so SIGXCPU (reported as a timeout) comes first.
    for limit, soft, hard in (
        (resource.RLIMIT_CPU, cpu_seconds, cpu_seconds + 1),
        (resource.RLIMIT_AS, memory_bytes, memory_bytes),
        (resource.RLIMIT_FSIZE, 0, 0),
        (resource.RLIMIT_NPROC, 0, 0),
        (resource.RLIMIT_NOFILE, open_files, open_files),
        (resource.RLIMIT_CORE, 0, 0),
    ):
        resource.setrlimit(limit, (soft, hard))


def audit(event, args):
    # The sets are literals (code constants) so the verifier cannot empty them through this module's globals.
    if event in {
        "os.fork", "os.forkpty", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "subprocess.Popen",
        "os.kill", "os.killpg", "signal.pthread_kill",
        "os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.symlink", "os.link", "os.chmod", "os.chown",
        "os.truncate", "os.utime", "os.setxattr", "os.removexattr", "os.chflags", "os.lchflags",
        "resource.setrlimit", "resource.prlimit", "sqlite3.connect",
    } or event.startswith(("socket.", "ctypes.")):
        what = event
    elif event == "open" and args[2] & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND):
        what = "open %r for writing" % (args[0],)
    elif event == "import" and args[0] in {"ctypes", "_ctypes", "_posixsubprocess", "_sqlite3", "_dbm", "_gdbm"}:
        what = "import " + args[0]
    elif event == "object.__setattr__" and args[1] == "__code__":
        what = "replacing a function's code"
    else:
        return
    report("blocked", what)
    raise PermissionError("blocked by the verifier sandbox: " + what)


def main():
    cpu_seconds, memory_bytes, open_files = (int(arg) for arg in sys.argv[1:4])
    try:
        code = compile(read_source(), "verifier.py", "exec")
    except (SyntaxError, ValueError) as exc:
        report("error", "the verifier does not compile: %s" % exc)
        sys.exit(1)
    os.environ.clear()  # Python's locale coercion may have set LC_CTYPE in the otherwise empty environment.
    sys.argv = ["verifier.py"]
    set_limits(cpu_seconds, memory_bytes, open_files)
    sys.addaudithook(audit)
    module = types.ModuleType("__main__")
    module.__file__ = "verifier.py"
    sys.modules["__main__"] = module
    try:
        exec(code, module.__dict__)
    except MemoryError:
        report("memory", "MemoryError")
        sys.exit(1)
    except SystemExit:
        raise
    except BaseException as exc:
        traceback.print_exc()
        report("error", "%s: %s" % (type(exc).__name__, exc))
        sys.exit(1)


main()
