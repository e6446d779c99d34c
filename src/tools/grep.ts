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
  WORKERS_COLLECT_AFTER_FILES,
  WORKERS_JOIN_AFTER_MS,
} from "../search/limits.ts";
import { FILE_TYPE_NAMES, fileTypeTest, unknownFileType, withFileTypes } from "../search/file-types.ts";
import { compileMatcher } from "../search/matcher.ts";
import {
  binaryStart,
  invalidGlob,
  pathNotFound,
  progressMessage,
  unknownFileType as unknownFileTypeMessage,
} from "../search/messages.ts";
import { compileOverrides } from "../search/overrides.ts";
import { fileListAnswer, structuredFileListAnswer } from "../search/render-files.ts";
import { structuredAnswer, textAnswer } from "../search/render.ts";
import { fsPath } from "../text/byte-names.ts";
import { defineTool } from "./tool.ts";

const optionalBoolean = (what: string) => v.optional(v.pipe(v.boolean(), v.description(what)));

export const grepTool = defineTool({
  name: "lapp_grep",
  description: `Search files for a JavaScript regular expression (or a literal with literal:true), like ripgrep: .gitignore/.ignore rules apply, hidden files are searched, binary files and .git are skipped. Matching lines come back as N#ID:text (context lines as N#ID-text), grouped under each file's path; the refs (e.g. 12#KT) go straight into lapp_edit without a read.
A regex matches within one line (across lines with multiline:true, as rg -U). The last line gives the totals and says when results were cut (narrow with path, glob or type, or page on with offset). format "structured" returns JSON text instead.
output "content" (default): the matching lines with refs, for code you will read or edit next.
output "files": only which files match, with each one's count, in path order: to find where something is used, for a fraction of the tokens.
output "count": one path:N line per file (as rg --count): to see how much of it each file has.
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
    type: v.optional(
      v.pipe(
        v.union([v.string(), v.array(v.string())]),
        v.description(
          'Only files of these ripgrep types (rg -t), e.g. "ts" (*.ts, *.tsx), "js", "py", "rust", "go", "java", "c", "cpp", "md"; a list adds up.',
        ),
      ),
    ),
    ignore_case: optionalBoolean("Case-insensitive matching. Default false."),
    multiline: optionalBoolean(
      "Match across lines (rg -U): the pattern may hold \\n; . still stops at a line end, [\\s\\S] does not. Each match shows all its lines. Default false.",
    ),
    output: v.optional(
      v.pipe(
        v.picklist(["content", "files", "count"]),
        v.description(
          "content (default): rows with refs. files: paths with match counts. count: path:N lines.",
        ),
      ),
    ),
    offset: v.optional(
      v.pipe(
        v.number(),
        v.safeInteger(),
        v.minValue(0),
        v.description(
          "Skip this many matches (files, for files and count) before the first shown: the next page. Default 0.",
        ),
      ),
    ),
    max_results: v.optional(
      v.pipe(
        v.number(),
        v.safeInteger(),
        v.minValue(1),
        v.description(
          `Most matches to return (files, for files and count); the output says when it was cut. Default ${DEFAULT_MAX_RESULTS}.`,
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
      ...(input.multiline && { multiline: true }),
    };
    unwrap(compileMatcher(matcherSpec));
    const globs = input.glob === undefined ? [] : typeof input.glob === "string" ? [input.glob] : input.glob;
    const compiled = compileOverrides(globs);
    if (!compiled.ok) throw new LappError("INVALID_ARGUMENTS", invalidGlob(compiled.bad));
    const types = input.type === undefined ? [] : typeof input.type === "string" ? [input.type] : input.type;
    const unknownType = unknownFileType(types);
    if (unknownType !== undefined)
      throw new LappError("INVALID_ARGUMENTS", unknownFileTypeMessage(unknownType, FILE_TYPE_NAMES));
    const overrides =
      types.length > 0 ? withFileTypes(compiled.overrides, fileTypeTest(types)) : compiled.overrides;
    const output = input.output ?? "content";
    const offset = input.offset ?? 0;

    const path = context.resolve(input.path ?? ".");
    const kind = pathKind(path.real);
    if (kind === undefined) throw new LappError("NOT_FOUND", pathNotFound(path.display));

    const contextLines = input.context ?? DEFAULT_CONTEXT;
    const maxResults = input.max_results ?? DEFAULT_MAX_RESULTS;
    // Rows for the page's matches and those before it (render.ts skips them); the lists need no rows at all.
    const rowsWanted = output === "content" ? Math.min(Number.MAX_SAFE_INTEGER, offset + maxResults) : 0;
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
        maxResults: rowsWanted,
        overrides,
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
    const collectAfter = context.config.internals?.workersCollectAfterFiles ?? WORKERS_COLLECT_AFTER_FILES;
    if (outcome.filesSearched >= collectAfter) sharedPool().collect();
    if (outcome.binaryStart) throw new LappError("BINARY_FILE", binaryStart(path.display));
    const structured = input.format === "structured";
    let answer;
    if (output === "content") {
      const options = {
        context: contextLines,
        maxResults,
        budgetMs,
        offset,
        multiline: input.multiline ?? false,
      };
      answer = structured ? structuredAnswer(outcome, options) : textAnswer(outcome, options);
    } else {
      const options = { output, maxResults, offset, budgetMs };
      answer = structured ? structuredFileListAnswer(outcome, options) : fileListAnswer(outcome, options);
    }
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
