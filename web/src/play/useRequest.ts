import { useState } from "react";

/**
 * One request at a time from a player: `busy` while it runs (buttons disable themselves), `error`
 * what its last failure said.
 */
export function useRequest() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (request: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await request();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
