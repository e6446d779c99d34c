// The outcome shape of `lapp setup`'s steps: a value, or a problem with a stable code and a sentence for people.
// Separate from src/errors.ts, whose codes are the MCP tools' contract with models.

export type SetupErrorCode =
  /** Bad arguments: unknown host or flag, missing value, no project config for the host. */
  | "USAGE"
  /** --root is not an existing directory. */
  | "ROOT_INVALID"
  /** The configuration file cannot be read. */
  | "CONFIG_UNREADABLE"
  /** The configuration file is not valid JSON / TOML. */
  | "CONFIG_INVALID"
  /** Valid, but shaped so that lapp's entry cannot be placed safely (e.g. mcpServers is not an object). */
  | "CONFIG_SHAPE"
  /** --project: the project's config file resolves (through a symlink) to a place outside the project. */
  | "CONFIG_OUTSIDE_PROJECT"
  /** The edited text did not re-parse to exactly the intended change; nothing is written. */
  | "CONFIG_EDIT_UNSAFE"
  | "WRITE_FAILED";

export interface SetupProblem {
  code: SetupErrorCode;
  message: string;
}

export type SetupResult<T> = { ok: true; value: T } | { ok: false; problem: SetupProblem };

export const done = <T>(value: T): SetupResult<T> => ({ ok: true, value });
export const problem = <T = never>(code: SetupErrorCode, message: string): SetupResult<T> => ({
  ok: false,
  problem: { code, message },
});

/** What an edit of a configuration text produced. */
export interface ConfigChange {
  /** False when the entry was already exactly right: nothing to write, no backup. */
  changed: boolean;
  text: string;
  /** lapp's entry as it was before, or undefined when there was none. */
  previous: unknown;
}
