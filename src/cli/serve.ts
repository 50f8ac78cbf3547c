import { InputError } from "../core/errors.ts";
import { startServe } from "../serve/index.ts";

export interface ServeCommandOptions {
  port: number;
  host: string;
  workers?: number;
  jobTimeout: number;
  maxBodyBytes: number;
  sessionTtl: number;
  quiet?: boolean;
}

/** `plumb serve`: the reward service until SIGINT or SIGTERM, then a graceful shutdown (exit 0). */
export async function serveCommand(o: ServeCommandOptions): Promise<void> {
  if (o.jobTimeout <= 0) throw new InputError("must be more than 0", { field: "--job-timeout" });
  if (o.sessionTtl <= 0) throw new InputError("must be more than 0", { field: "--session-ttl" });
  if (o.maxBodyBytes <= 0) throw new InputError("must be more than 0", { field: "--max-body-bytes" });
  const server = await startServe({
    port: o.port,
    host: o.host,
    workers: o.workers,
    jobTimeoutMs: o.jobTimeout * 1000,
    maxBodyBytes: o.maxBodyBytes,
    sessionTtlMs: o.sessionTtl * 1000,
    quiet: o.quiet,
  });
  process.stderr.write(
    `plumb serve: ${server.url}/v1 (OpenAPI at ${server.url}/openapi.json; Ctrl-C stops)\n`,
  );
  server.ready.then(
    () => process.stderr.write("plumb serve: ready\n"),
    (e: unknown) =>
      process.stderr.write(`plumb serve: the worker threads cannot start: ${(e as Error).message}\n`),
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  process.stderr.write("plumb serve: shutting down (requests in flight finish)\n");
  await server.close();
  process.exitCode = 0;
}
