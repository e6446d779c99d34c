// `npm run formula`: writes dist/release/lapp.rb, the Homebrew tap formula, from dist/release/SHA256SUMS.
//
// usage: bun scripts/formula.ts [--sums dist/release/SHA256SUMS] [--out dist/release/lapp.rb] [--repo owner/name]
// The repository defaults to $GITHUB_REPOSITORY (set in GitHub Actions), then to the project's own.

import { readFileSync, writeFileSync } from "node:fs";
import pkg from "../package.json";
import { parseChecksums } from "./checksums.ts";
import { renderFormula } from "./homebrew-formula.ts";
import { REPOSITORY } from "./release-targets.ts";

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
}

const sumsPath = option("--sums", "dist/release/SHA256SUMS");
const out = option("--out", "dist/release/lapp.rb");
const repository = option("--repo", process.env.GITHUB_REPOSITORY || REPOSITORY);

const parsed = parseChecksums(readFileSync(sumsPath, "utf8"));
if (!parsed.ok) {
  console.error(`${sumsPath}: ${parsed.problem}`);
  process.exit(1);
}
const formula = renderFormula({
  version: pkg.version,
  repository,
  description: pkg.description,
  license: pkg.license,
  sums: parsed.sums,
});
if (!formula.ok) {
  console.error(`${sumsPath}: ${formula.problem}`);
  process.exit(1);
}
writeFileSync(out, formula.text);
console.error(`wrote ${out} for lapp ${pkg.version} from ${repository}`);
