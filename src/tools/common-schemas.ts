// Schema pieces several tools share, each with the description the model sees.
import * as v from "valibot";

export const pathField = v.pipe(
  v.string(),
  v.minLength(1),
  v.description("File path, relative to the project root (or absolute inside it)."),
);

export const dryRunField = v.optional(
  v.pipe(v.boolean(), v.description("Validate and show a diff preview without writing. Default false.")),
);
