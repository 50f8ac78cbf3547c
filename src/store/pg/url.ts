/** True for a PostgreSQL connection URL (`postgres://…` or `postgresql://…`) rather than a SQLite file. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/** The URL with its password (if any) replaced by ***: what messages and logs may show. */
export function redactUrl(location: string): string {
  try {
    const url = new URL(location);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return location.replace(/\/\/([^:/@]*):[^@/]*@/, "//$1:***@");
  }
}
