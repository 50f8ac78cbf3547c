import type { ReactNode } from "react";
import type { Loaded } from "../useApi.ts";

export function Loading({ what }: { what: string }) {
  return <p className="muted">Loading {what}…</p>;
}

export function ErrorBox({ message }: { message: string }) {
  return (
    <p className="error" role="alert">
      {message}
    </p>
  );
}

/** Renders `children(data)` once loaded; a loading line or the error otherwise (stale data stays under an error). */
export function Await<T>({
  loaded,
  what,
  children,
}: {
  loaded: Loaded<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (loaded.state === "loading")
    return loaded.data === null ? (
      <Loading what={what} />
    ) : (
      <div className="stale" aria-busy="true">
        {children(loaded.data)}
      </div>
    );
  if (loaded.state === "error")
    return (
      <>
        <ErrorBox message={`Could not load ${what}: ${loaded.error}`} />
        {loaded.data !== null && children(loaded.data)}
      </>
    );
  return <>{children(loaded.data)}</>;
}
