import { InputError } from "../../../core/errors.ts";

export type Env = Readonly<Record<string, string | undefined>>;

/** One of `modes`, read from an environment variable in any case; unset or blank is the first. */
export function modeFromEnv<M extends string>(
  variable: string,
  modes: readonly [M, ...M[]],
  what: string,
  env: Env,
): M {
  const raw = env[variable]?.trim() || modes[0];
  const mode = modes.find((m) => m === raw.toLowerCase());
  if (!mode) throw new InputError(`"${raw}" is not ${what} (${modes.join(", ")})`, { field: variable });
  return mode;
}
