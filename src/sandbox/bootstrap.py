# Runs one untrusted ComBench job inside the jail. Passed to `python3 -I -B -X utf8 -c` with the
# arguments: mode seccomp_filter_hex tripwire|no-tripwire cpu_seconds memory_bytes open_files.
#   verify:   fd 3 holds a JSON job {"code": verifier source, "strings": [...]}; the payload is stdin.
#             The strings are the payload's own strings when the verifier can evaluate text: each one
#             that parses as Python code must stay inside a small expression language (no names outside
#             it, no calls but a few pure builtins), or the verifier does not run at all.
#   evaluate: stdin holds a payload expression (or statements); its value, as tagged JSON, goes to fd 4.
# Reports go to fd 4 in verify mode as "kind<TAB>detail" lines: blocked, memory, error, refused.
# The boundary is the jail (namespaces, seccomp, rlimits) set up around this process. The audit hook is
# only a tripwire that names what was attempted; nothing depends on it.
# Modules only some runs need (ast, base64, traceback) are imported where they are used: every
# import here is paid on every verifier run.
import builtins
import json
import os
import resource
import sys
import types


def report(kind, detail):
    line = kind + "\t" + " ".join(str(detail).split())[:400] + "\n"
    try:
        os.write(4, line.encode("utf-8", "replace"))
    except OSError:
        pass


def read_fd(fd):
    chunks = []
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(fd)
    return b"".join(chunks).decode("utf-8", "replace")


def set_limits(cpu_seconds, memory_bytes, open_files):
    # The CPU hard limit is one second above the soft one, so SIGXCPU (reported as a timeout) comes first.
    for limit, soft, hard in (
        (resource.RLIMIT_CPU, cpu_seconds, cpu_seconds + 1),
        (resource.RLIMIT_AS, memory_bytes, memory_bytes),
        (resource.RLIMIT_FSIZE, 0, 0),
        # Threads only: the seccomp filter refuses new processes; this bounds a thread bomb.
        (resource.RLIMIT_NPROC, 256, 256),
        (resource.RLIMIT_NOFILE, open_files, open_files),
        (resource.RLIMIT_CORE, 0, 0),
    ):
        resource.setrlimit(limit, (soft, hard))


def lock_down(filter_hex):
    """Installs the seccomp filter (no exec, no processes, no sockets …) before any untrusted code runs."""
    if filter_hex == "":
        report("error", "no seccomp filter for this architecture")
        sys.exit(1)
    try:
        import ctypes
    except ImportError:
        report("error", "ctypes is missing, so the seccomp filter cannot be installed")
        sys.exit(1)
    program = bytes.fromhex(filter_hex)
    buffer = ctypes.create_string_buffer(program, len(program))

    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    fprog = SockFprog(len(program) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    libc = ctypes.CDLL(None, use_errno=True)
    PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 38, 22, 2
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 or libc.prctl(
        PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0
    ) != 0:
        report("error", "the seccomp filter could not be installed (errno %d)" % ctypes.get_errno())
        sys.exit(1)
    for name in [n for n in sys.modules if n == "ctypes" or n.startswith(("ctypes.", "_ctypes"))]:
        del sys.modules[name]


def audit(event, args):
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


# --- The expression language a payload string may use when a verifier evaluates it (e.g. a rule
# "lambda team: sum(1 for x in team if x in {1, 2, 3}) % 2 == 1"). Every name must be bound inside the
# expression or be one of these builtins; attributes are a few pure methods; nothing reaches the
# verifier's globals, frames or I/O.
PURE_BUILTINS = {
    "abs", "all", "any", "bool", "dict", "divmod", "enumerate", "filter", "float", "frozenset", "int",
    "isinstance", "len", "list", "map", "max", "min", "pow", "range", "reversed", "round", "set", "sorted",
    "str", "sum", "tuple", "zip", "True", "False", "None",
}
PURE_METHODS = {
    "count", "index", "get", "keys", "values", "items", "issubset", "issuperset", "isdisjoint", "union",
    "intersection", "difference", "symmetric_difference", "startswith", "endswith", "split", "strip",
    "lower", "upper", "bit_count", "bit_length",
}
def node_kinds(ast):
    plain = (
        ast.Expression, ast.Constant, ast.Name, ast.Load, ast.Store, ast.List, ast.Tuple, ast.Set, ast.Dict,
        ast.UnaryOp, ast.BinOp, ast.BoolOp, ast.Compare, ast.unaryop, ast.operator, ast.boolop, ast.cmpop,
    )
    code = (
        ast.Lambda, ast.arguments, ast.arg, ast.IfExp, ast.Call, ast.keyword, ast.Attribute, ast.Subscript,
        ast.Slice, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.comprehension,
    )
    return plain, code


def bound_names(ast, tree):
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def code_problem(ast, text):
    """Why a payload string must not reach the verifier, or None when it is data or pure code."""
    plain_nodes, code_nodes = node_kinds(ast)
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None
    nodes = list(ast.walk(tree))
    if all(isinstance(node, plain_nodes) for node in nodes):
        return None  # a literal or a bare name: reading it runs nothing
    bound = bound_names(ast, tree)
    for node in nodes:
        if not isinstance(node, plain_nodes + code_nodes):
            return "it uses %s" % type(node).__name__
        if isinstance(node, ast.Name) and node.id not in bound and node.id not in PURE_BUILTINS:
            return "it names %r" % node.id
        if isinstance(node, ast.Attribute) and node.attr not in PURE_METHODS:
            return "it reads the attribute %r" % node.attr
        if isinstance(node, ast.Call):
            func = node.func
            callable_name = isinstance(func, ast.Name) and func.id in PURE_BUILTINS and func.id not in bound
            if not (callable_name or isinstance(func, ast.Attribute)):
                return "it calls something other than a pure builtin or method"
    return None


# --- Payload values as tagged JSON: ["i", hex], ["f", repr], ["s", str], ["b", base64], ["l"|"t"|"set"|
# "fs", [items]], ["d", [[key, value], ...]], true, false, null.
MAX_DEPTH = 200
MAX_NODES = 2_000_000


class Unencodable(Exception):
    pass


def encode(value):
    import base64

    count = [0]

    def walk(v, depth):
        count[0] += 1
        if count[0] > MAX_NODES:
            raise Unencodable("the value has more than %d parts" % MAX_NODES)
        if depth > MAX_DEPTH:
            raise Unencodable("the value is nested more than %d deep" % MAX_DEPTH)
        t = type(v)
        if v is None or t is bool:
            return v
        if t is int:
            return ["i", hex(v)]
        if t is float:
            return ["f", repr(v)]
        if t is str:
            return ["s", v]
        if t is bytes:
            return ["b", base64.b64encode(v).decode("ascii")]
        tag = {list: "l", tuple: "t", set: "set", frozenset: "fs"}.get(t)
        if tag is not None:
            return [tag, [walk(item, depth + 1) for item in v]]
        if t is dict:
            return ["d", [[walk(k, depth + 1), walk(x, depth + 1)] for k, x in v.items()]]
        raise Unencodable("it evaluates to a %s, which is not plain data" % t.__name__)

    return walk(value, 0)


def evaluate(payload):
    namespace = {"__builtins__": builtins}
    try:
        code = compile(payload, "<payload>", "eval")
    except SyntaxError:
        code = None
    if code is not None:
        return {"expression": encode(eval(code, namespace))}
    exec(compile(payload, "<payload>", "exec"), namespace)
    names = [n for n in namespace if not n.startswith("_")]
    return {"statements": [[n, encode(namespace[n])] for n in names]}


def run_evaluate(tripwire):
    payload = sys.stdin.read()
    if tripwire:
        sys.addaudithook(audit)
    try:
        result = evaluate(payload)
    except MemoryError:
        result = {"error": "MemoryError"}
    except Unencodable as exc:
        result = {"error": str(exc)}
    except BaseException as exc:
        result = {"error": "%s: %s" % (type(exc).__name__, " ".join(str(exc).split())[:300])}
    data = json.dumps(result).encode("ascii")
    while data:
        data = data[os.write(4, data):]
    os._exit(0)


def run_verify(tripwire):
    job = json.loads(read_fd(3))
    if job["strings"]:
        import ast
    for text in job["strings"]:
        problem = code_problem(ast, text)
        if problem is not None:
            report("refused", "the payload string %r holds code the verifier could run (%s)" % (text[:60], problem))
            sys.exit(1)
    try:
        code = compile(job["code"], "verifier.py", "exec")
    except (SyntaxError, ValueError) as exc:
        report("error", "the verifier does not compile: %s" % exc)
        sys.exit(1)
    if tripwire:
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
        import traceback

        traceback.print_exc()
        report("error", "%s: %s" % (type(exc).__name__, exc))
        sys.exit(1)


def main():
    mode, filter_hex, tripwire = sys.argv[1], sys.argv[2], sys.argv[3] == "tripwire"
    cpu_seconds, memory_bytes, open_files = (int(arg) for arg in sys.argv[4:7])
    os.closerange(5, 1 << 16)
    os.environ.clear()  # Python's locale coercion may have set LC_CTYPE in the otherwise empty environment.
    sys.argv = ["verifier.py"]
    lock_down(filter_hex)
    set_limits(cpu_seconds, memory_bytes, open_files)
    if mode == "evaluate":
        run_evaluate(tripwire)
    else:
        run_verify(tripwire)


main()
