// Property tests explore new random inputs on every local run; under CI (CI=true) they replay one fixed seed,
// so a landing never hinges on luck. A failure prints its seed and path, and the case becomes a regression test.
import * as fc from "fast-check";

if (process.env.CI === "true" || process.env.LAPP_FC_SEED) {
  fc.configureGlobal({ seed: Number(process.env.LAPP_FC_SEED ?? 20261129) });
}
