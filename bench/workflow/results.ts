// The shape of the agent-workflow measurement as written into the bench's JSON results, and its totals.
// Pure: the Markdown report and the plumbing test both read these.

export interface AgentFileResult {
  id: string;
  hunks: number;
  /** Edit calls sent: first tries and retries. */
  calls: number;
  /** Hunks whose first call (refs or old_string of the read) was accepted. */
  acceptedFirst: number;
  /** Calls the tool refused. */
  refusals: number;
  /** Calls sent again after a refusal (with a fresh ref the error named, or after a re-read). */
  retries: number;
  /** Of the retries, those built from a fresh ref the error named (no re-read needed). */
  namedRetries: number;
  /** Whole-file reads after the first one. */
  rereads: number;
  /** Hunks left out because even the call built on a re-read was refused (then written directly, see agent-loop.ts). */
  gaveUp: number;
  /** Calls the tool reported as successful whose file is not the expected intermediate. */
  wrongCalls: number;
  /** Refused calls that changed the file anyway (must be 0: a refusal writes nothing). */
  writtenOnRefusal: number;
  /** The final file is byte-identical to the published new version. */
  exact: boolean;
  /** A call succeeded on the wrong line, or every hunk was reported done and the file still differs. */
  silentlyWrong: boolean;
  /** For a wrong file: the first wrong call and the first line where the file then differed from the expected text. */
  wrong?: WrongCall;
  /** Refusals by error code. */
  codes: Record<string, number>;
  ms: number;
}

export interface WrongCall {
  /** 1-based hunk. */
  hunk: number;
  line: number;
  /** Which call of the hunk went wrong: built from the read, from a ref the error named, or from a re-read. */
  via: "first try" | "named ref" | "after re-read" | "sent again" | "final bytes";
}

export interface OutsideChangeResult {
  id: string;
  /** Lines written directly to disk above every ref of the calls. */
  inserted: number;
  /** Calls sent with refs of the read taken before the outside change (one per hunk). */
  calls: number;
  /** Line refs in those calls (start and end count twice). */
  refs: number;
  refused: number;
  /** Calls that changed the file (accepted, or refused but written): must be 0. */
  written: number;
  /** The 1-based hunks whose call changed the file. */
  wroteAt: number[];
  /** Refs whose line's fresh ref (its new number and ID) the error named as a `>>>` row, candidate or hint. */
  refsNamed: number;
  /** Errors whose `>>>` row or hint named a line other than the ones the call meant. */
  errorsNamingOtherLine: number;
  codes: Record<string, number>;
}

export interface AgentWorkflowResults {
  lapp: AgentFileResult[];
  /** lapp with the re-reading agents (agent-loop.ts), by name: what mixing views costs and whether it misleads. */
  rereading: Record<string, AgentFileResult[]>;
  /** The same workflow with a text-addressed tool (old_string/new_string, Claude Code's Edit rules). */
  textPeer: AgentFileResult[];
  outside: OutsideChangeResult[];
  durationSeconds: number;
}

/** The counts of AgentFileResult that add up over files. */
const SUMMED = [
  "hunks",
  "calls",
  "acceptedFirst",
  "refusals",
  "retries",
  "namedRetries",
  "rereads",
  "gaveUp",
  "wrongCalls",
  "writtenOnRefusal",
] as const;

export type AgentTotals = Pick<AgentFileResult, (typeof SUMMED)[number] | "codes"> & {
  files: number;
  /** Files that ended exact, and silently wrong. */
  exact: number;
  silentlyWrong: number;
};

export function agentTotals(files: readonly AgentFileResult[]): AgentTotals {
  const totals = {
    files: files.length,
    exact: 0,
    silentlyWrong: 0,
    codes: {},
    ...Object.fromEntries(SUMMED.map((key) => [key, 0])),
  } as AgentTotals;
  for (const file of files) {
    for (const key of SUMMED) totals[key] += file[key];
    if (file.exact) totals.exact++;
    if (file.silentlyWrong) totals.silentlyWrong++;
    addCodes(totals.codes, file.codes);
  }
  return totals;
}

export interface OutsideTotals {
  files: number;
  inserted: number;
  calls: number;
  refs: number;
  refused: number;
  written: number;
  refsNamed: number;
  errorsNamingOtherLine: number;
  codes: Record<string, number>;
}

/** Totals of the outside-change runs that inserted `inserted` lines. */
export function outsideTotals(results: readonly OutsideChangeResult[], inserted: number): OutsideTotals {
  const totals: OutsideTotals = {
    files: 0,
    inserted,
    calls: 0,
    refs: 0,
    refused: 0,
    written: 0,
    refsNamed: 0,
    errorsNamingOtherLine: 0,
    codes: {},
  };
  for (const result of results) {
    if (result.inserted !== inserted) continue;
    totals.files++;
    totals.calls += result.calls;
    totals.refs += result.refs;
    totals.refused += result.refused;
    totals.written += result.written;
    totals.refsNamed += result.refsNamed;
    totals.errorsNamingOtherLine += result.errorsNamingOtherLine;
    addCodes(totals.codes, result.codes);
  }
  return totals;
}

export function addCodes(into: Record<string, number>, codes: Record<string, number>): void {
  for (const [code, count] of Object.entries(codes)) into[code] = (into[code] ?? 0) + count;
}

/** Fresh counters for one file's run. */
export function emptyFileResult(id: string, hunks: number): AgentFileResult {
  return {
    id,
    hunks,
    calls: 0,
    acceptedFirst: 0,
    refusals: 0,
    retries: 0,
    namedRetries: 0,
    rereads: 0,
    gaveUp: 0,
    wrongCalls: 0,
    writtenOnRefusal: 0,
    exact: false,
    silentlyWrong: false,
    codes: {},
    ms: 0,
  };
}
