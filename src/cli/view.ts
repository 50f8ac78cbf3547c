import { startViewServer } from "../view/server.ts";

/** `plumb view`: serves the viewer until SIGINT or SIGTERM, then closes the store. */
export async function viewCommand(o: { db: string; port: number; host: string }): Promise<void> {
  const server = await startViewServer({ db: o.db, port: o.port, host: o.host });
  process.stdout.write(`plumb view: ${server.url}/ (store ${o.db}; Ctrl-C stops)\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await server.close();
}

/** `plumb report RUN --format html`: the run as one self-contained page. */
export async function htmlReport(run: string, o: { db: string; out?: string }): Promise<void> {
  const { exportRunHtml } = await import("../view/export.ts");
  const { writeFileSync } = await import("node:fs");
  const page = await exportRunHtml({ db: o.db, run });
  if (o.out) writeFileSync(o.out, page);
  else process.stdout.write(page);
}
