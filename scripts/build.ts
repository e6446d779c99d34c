// `npm run build`: compiles dist/lapp, a standalone binary for this machine.
import { compileCommand, currentCommit, hostTarget } from "./build-options.ts";

const outfile = process.argv[2] ?? "dist/lapp";
const started = performance.now();
const result = Bun.spawnSync(compileCommand(outfile, hostTarget(), currentCommit()), {
  stdout: "inherit",
  stderr: "inherit",
});
if (result.exitCode !== 0) {
  console.error("build failed");
  process.exit(result.exitCode ?? 1);
}
console.error(`built ${outfile} in ${Math.round(performance.now() - started)} ms`);
