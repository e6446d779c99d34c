// The public face of the edit engine for the tools: one call to apply, two to render.
// Everything here is pure; the tool loads the file, calls applyEdits, writes outcome.doc, renders.

export { applyEdits, applyResolved } from "./apply.ts";
export { copiedPrefixError, stripCopiedPrefixes, splitContent } from "./content.ts";
export type {
  ChangedRegion,
  EditInput,
  EditOptions,
  EditOutcome,
  EditType,
  ResolvedEdit,
} from "./edit-types.ts";
export { EDIT_TYPES } from "./edit-types.ts";
export { dryRunAnswer } from "./render-dry-run.ts";
export { editSuccessAnswer } from "./render-result.ts";
