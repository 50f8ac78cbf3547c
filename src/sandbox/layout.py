# Prints, as JSON, what the jail must show of this interpreter: its executable, its ELF loader, its
# standard library, and the directories of every shared library it or its extension modules load.
# Run once per sandbox, outside the jail, as the user the jail will run as.
import json
import os
import struct
import sys
import sysconfig
import warnings


def elf_interpreter(path):
    with open(path, "rb") as f:
        head = f.read(64)
        if head[:4] != b"\x7fELF" or head[4] != 2:
            return None
        endian = "<" if head[5] == 1 else ">"
        phoff, = struct.unpack_from(endian + "Q", head, 32)
        phentsize, phnum = struct.unpack_from(endian + "HH", head, 54)
        for i in range(phnum):
            f.seek(phoff + i * phentsize)
            kind, = struct.unpack(endian + "I", f.read(4))
            if kind == 3:  # PT_INTERP
                f.seek(phoff + i * phentsize + 8)
                offset, = struct.unpack(endian + "Q", f.read(8))
                f.seek(phoff + i * phentsize + 32)
                size, = struct.unpack(endian + "Q", f.read(8))
                f.seek(offset)
                return f.read(size).rstrip(b"\0").decode()
    return None


warnings.simplefilter("ignore")
paths = sysconfig.get_paths()
dynload = os.path.join(paths["platstdlib"], "lib-dynload")
if os.path.isdir(dynload):
    for name in sorted(os.listdir(dynload)):
        if name.endswith(".so"):
            try:
                __import__(name.split(".")[0])
            except BaseException:
                pass
libraries = set()
with open("/proc/self/maps") as maps:
    for line in maps:
        fields = line.split(None, 5)
        if len(fields) == 6 and fields[5].startswith("/") and ".so" in fields[5]:
            libraries.add(os.path.dirname(fields[5].strip()))
executable = os.path.realpath(sys.executable)
print(json.dumps({
    "executable": executable,
    "loader": elf_interpreter(executable),
    "version": "%d.%d" % sys.version_info[:2],
    "stdlib": paths["stdlib"],
    "platstdlib": paths["platstdlib"],
    "libraries": sorted(libraries),
}))
