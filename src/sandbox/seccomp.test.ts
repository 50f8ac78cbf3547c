import { describe, expect, it } from "vitest";
import { seccompFilter } from "./seccomp.ts";

interface Insn {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

const decode = (program: Buffer): Insn[] =>
  Array.from({ length: program.length / 8 }, (_, i) => ({
    code: program.readUInt16LE(i * 8),
    jt: program.readUInt8(i * 8 + 2),
    jf: program.readUInt8(i * 8 + 3),
    k: program.readUInt32LE(i * 8 + 4),
  }));

/** Runs the BPF program on one system call, as the kernel would, and returns its verdict. */
function run(program: Insn[], nr: number, arch: number, arg0 = 0): number {
  let acc = 0;
  for (let pc = 0; pc < program.length; pc++) {
    const { code, jt, jf, k } = program[pc] as Insn;
    if (code === 0x20) acc = k === 0 ? nr : k === 4 ? arch : k === 16 ? arg0 : Number.NaN;
    else if (code === 0x15) pc += acc === k ? jt : jf;
    else if (code === 0x35) pc += acc >= k ? jt : jf;
    else if (code === 0x45) pc += (acc & k) !== 0 ? jt : jf;
    else if (code === 0x06) return k;
    else throw new Error(`unknown instruction ${code}`);
  }
  throw new Error("fell off the end");
}

const ALLOW = 0x7fff0000;
const EPERM = 0x00050001;
const ENOSYS = 0x00050026;
const KILL = 0x80000000;
const X64 = 0xc000003e;
const ARM64 = 0xc00000b7;

describe("the seccomp filter", () => {
  const x64 = decode(seccompFilter({ exec: "allow" }, "x64") as Buffer);
  const noExec = decode(seccompFilter({ exec: "deny" }, "x64") as Buffer);
  const arm64 = decode(seccompFilter({ exec: "deny" }, "arm64") as Buffer);

  it("refuses processes, sockets, mknod and io_uring, and allows ordinary calls (x86_64)", () => {
    const [read, write, openat, mmap, fork, socket, connect, mknodat, ioUring, ptrace] = [
      0, 1, 257, 9, 57, 41, 42, 259, 425, 101,
    ];
    for (const nr of [read, write, openat, mmap]) expect(run(x64, nr, X64), String(nr)).toBe(ALLOW);
    for (const nr of [fork, socket, connect, mknodat, ioUring, ptrace])
      expect(run(x64, nr, X64), String(nr)).toBe(EPERM);
  });

  it("allows clone for threads only, and sends clone3 back to clone", () => {
    const CLONE = 56;
    const CLONE_THREAD = 0x10000;
    expect(run(x64, CLONE, X64, CLONE_THREAD | 0x3d0f00)).toBe(ALLOW);
    expect(run(x64, CLONE, X64, 0x11)).toBe(EPERM);
    expect(run(x64, 435, X64)).toBe(ENOSYS);
  });

  it("refuses exec only in the bootstrap's variant", () => {
    expect(run(x64, 59, X64)).toBe(ALLOW);
    expect(run(noExec, 59, X64)).toBe(EPERM);
    expect(run(noExec, 322, X64)).toBe(EPERM);
  });

  it("kills a process on another ABI: another architecture or x32 calls", () => {
    expect(run(x64, 0, ARM64)).toBe(KILL);
    expect(run(x64, 0x40000000 + 41, X64)).toBe(KILL);
  });

  it("uses the arm64 numbers on arm64", () => {
    expect(run(arm64, 198, ARM64)).toBe(EPERM); // socket
    expect(run(arm64, 221, ARM64)).toBe(EPERM); // execve
    expect(run(arm64, 63, ARM64)).toBe(ALLOW); // read
    expect(run(arm64, 198, X64)).toBe(KILL);
  });

  it("has no table for other architectures", () => {
    expect(seccompFilter({ exec: "allow" }, "riscv64")).toBeUndefined();
  });
});
