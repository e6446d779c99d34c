// lapp_grep: ripgrep-compatible search whose matches carry refs usable directly in lapp_edit.
import { statSync } from "node:fs";
import * as v from "valibot";
import { LappError, unwrap } from "../errors.ts";
import { runSearch, type SearchOutcome } from "../search/engine.ts";
import { sharedPool, startSharedWorkers } from "../search/lanes.ts";
import {
  DEFAULT_CONTEXT,
  DEFAULT_MAX_RESULTS,
  MAX_CONTEXT,
  MAX_SEARCH_FILE_BYTES,
  PROGRESS_INTERVAL_MS,
  SEARCH_TIME_BUDGET_MS,
  WORKERS_JOIN_AFTER_MS,
} from "../search/limits.ts";
import { compileMatcher } from "../search/matcher.ts";
import { binaryStart, invalidGlob, pathNotFound, progressMessage } from "../search/messages.ts";
import { compileOverrides } from "../search/overrides.ts";
import { structuredAnswer, textAnswer } from "../search/render.ts";
import { fsPath } from "../text/byte-names.ts";
import { defineTool } from "./tool.ts";

const optionalBoolean = (what: string) => v.optional(v.pipe(v.boolean(), v.description(what)));

export const grepTool = defineTool({
  name: "lapp_grep",
  description: `Search files for a JavaScript regular expression (or a literal with literal:true), like ripgrep: .gitignore/.ignore rules apply, hidden files are searched, binary files and .git are skipped. Matching lines come back as N#ID:text (context lines as N#ID-text), grouped under each file's path; the refs (e.g. 12#KT) go straight into lapp_edit without a read.
A regex matches within one line. The last line gives the totals and says when results were cut (narrow with path or glob, or raise max_results). format "structured" returns JSON text instead.
Example: {"pattern":"listen\\\\(\\\\d+\\\\)","glob":"*.ts","context":1} → src/app.ts / 120#QW-export function start() { / 121#KT:  listen(8080);`,
  schema: v.object({
    pattern: v.pipe(
      v.string(),
      v.minLength(1),
      v.description(
        "JavaScript regular expression matched against each line (a literal string if literal is true).",
      ),
    ),
    literal: optionalBoolean(
      "Treat pattern as plain text, not a regex (for code full of special characters). Default false.",
    ),
    format: v.optional(
      v.pipe(
        v.picklist(["text", "structured"]),
        v.description(
          'text (default): ripgrep-style rows with refs. structured: JSON text {"matches":[{"path","line","ref","text","before","after"}],"total_matches","files_with_matches","files_searched","truncated"}.',
        ),
      ),
    ),
    path: v.optional(
      v.pipe(
        v.string(),
        v.minLength(1),
        v.description(
          "File or directory to search, relative to the root. Default: the whole root. A named file is searched even if ignored.",
        ),
      ),
    ),
    context: v.optional(
      v.pipe(
        v.number(),
        v.safeInteger(),
        v.minValue(0),
        v.maxValue(MAX_CONTEXT),
        v.description(
          `Lines of context before and after each match, 0 to ${MAX_CONTEXT}. Default ${DEFAULT_CONTEXT}.`,
        ),
      ),
    ),
    glob: v.optional(
      v.pipe(
        v.union([v.string(), v.array(v.string())]),
        v.description(
          'Only files matching (ripgrep -g): "*.py" matches at any depth, "src/**/*.ts" from the root, "!*.min.js" excludes.',
        ),
      ),
    ),
    ignore_case: optionalBoolean("Case-insensitive matching. Default false."),
    max_results: v.optional(
      v.pipe(
        v.number(),
        v.safeInteger(),
        v.minValue(1),
        v.description(
          `Most matching lines to return; the output says when it was cut. Default ${DEFAULT_MAX_RESULTS}.`,
        ),
      ),
    ),
  }),
  annotations: {
    title: "Search files (refs for lapp_edit)",
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  async run(input, context) {
    const matcherSpec = {
      pattern: input.pattern,
      literal: input.literal ?? false,
      ignoreCase: input.ignore_case ?? false,
    };
    unwrap(compileMatcher(matcherSpec));
    const globs = input.glob === undefined ? [] : typeof input.glob === "string" ? [input.glob] : input.glob;
    const compiled = compileOverrides(globs);
    if (!compiled.ok) throw new LappError("INVALID_ARGUMENTS", invalidGlob(compiled.bad));

    const path = context.resolve(input.path ?? ".");
    const kind = pathKind(path.real);
    if (kind === undefined) throw new LappError("NOT_FOUND", pathNotFound(path.display));

    const contextLines = input.context ?? DEFAULT_CONTEXT;
    const maxResults = input.max_results ?? DEFAULT_MAX_RESULTS;
    const budgetMs = context.config.internals?.searchBudgetMs ?? SEARCH_TIME_BUDGET_MS;
    // Workers join a first search that runs long; otherwise they start as it ends (lanes.ts).
    const joinLongSearch = setTimeout(startSharedWorkers, WORKERS_JOIN_AFTER_MS);
    let outcome: SearchOutcome;
    try {
      outcome = await runSearch({
        root: context.config.root,
        start: path.real,
        startIsFile: kind === "file",
        spec: {
          root: context.config.root,
          matcher: matcherSpec,
          context: contextLines,
          maxFileBytes: MAX_SEARCH_FILE_BYTES,
        },
        maxResults,
        overrides: compiled.overrides,
        isBlocked: context.guard.isBlocked,
        lanes: sharedPool(),
        signal: context.signal,
        budgetMs,
        progressIntervalMs: PROGRESS_INTERVAL_MS,
        progress: (searched, matches) => {
          context.progress(searched, undefined, progressMessage(searched, matches)).catch(() => {});
        },
      });
    } finally {
      clearTimeout(joinLongSearch);
      startSharedWorkers();
    }
    if (outcome.binaryStart) throw new LappError("BINARY_FILE", binaryStart(path.display));
    const options = { context: contextLines, maxResults, budgetMs };
    const answer =
      input.format === "structured" ? structuredAnswer(outcome, options) : textAnswer(outcome, options);
    // The rows the answer still shows once cut at the output budget join each file's record of shown rows (in
    // that file's queue, queued before the answer leaves), so their refs work in lapp_edit like a read's.
    const resolveGuarded = (raw: string) => unwrap(context.guard.resolve(raw));
    return context.session.presentFound(resolveGuarded, answer, context.config.maxOutputTokens);
  },
});

function pathKind(real: string): "file" | "directory" | undefined {
  try {
    const stats = statSync(fsPath(real));
    if (stats.isDirectory()) return "directory";
    if (stats.isFile()) return "file";
    return undefined;
  } catch {
    return undefined;
  }
}
