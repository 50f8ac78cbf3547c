/**
 * The world the hostile suite attacks: a canary file outside the jail, a TCP and a Unix-socket
 * listener that count connections, and a directory whose contents must not change. Shared by the
 * verifier jail's test and the python tool's.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AttackContext } from "./verifier-attacks.ts";

export interface AttackWorld {
  ctx: AttackContext;
  /** Connections the listeners received. */
  received: { tcp: number; unix: number };
  /** The outside directory's names and keep.txt's text, to compare with how it started. */
  outsideState(): string;
  /** Its state when the world was opened. */
  before: string;
  dir: string;
  close(): Promise<void>;
}

export async function openAttackWorld(prefix: string): Promise<AttackWorld> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  const secret = `plumb-canary-${process.pid}-${Date.now()}`;
  const ctx: AttackContext = {
    canary: join(dir, "canary.txt"),
    secret,
    tcpPort: 0,
    unixSocket: join(dir, "listener.sock"),
    outside: join(dir, "outside"),
  };
  const received = { tcp: 0, unix: 0 };
  const servers: Server[] = [];
  const listen = (kind: keyof typeof received) =>
    new Promise<Server>((resolve) => {
      const server = createServer((socket) => {
        received[kind]++;
        socket.destroy();
      });
      servers.push(server);
      if (kind === "tcp") server.listen(0, "127.0.0.1", () => resolve(server));
      else server.listen(ctx.unixSocket, () => resolve(server));
    });
  const outsideState = () => {
    const names = readdirSync(ctx.outside).sort();
    return JSON.stringify([
      names,
      names.includes("keep.txt") && readFileSync(join(ctx.outside, "keep.txt"), "utf8"),
    ]);
  };
  writeFileSync(ctx.canary, `${secret}\n`, { mode: 0o644 });
  mkdirSync(ctx.outside, { mode: 0o777 });
  chmodSync(ctx.outside, 0o777);
  writeFileSync(join(ctx.outside, "keep.txt"), "kept\n", { mode: 0o666 });
  ctx.tcpPort = ((await listen("tcp")).address() as { port: number }).port;
  await listen("unix");
  chmodSync(ctx.unixSocket, 0o777);
  return {
    ctx,
    received,
    outsideState,
    before: outsideState(),
    dir,
    async close() {
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
