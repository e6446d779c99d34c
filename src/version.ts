// Version facts baked in at compile time by scripts/build-options.ts; sensible values when run from source.
import pkg from "../package.json";

declare const LAPP_VERSION: string | undefined;
declare const LAPP_COMMIT: string | undefined;
declare const LAPP_TARGET: string | undefined;

export const VERSION: string = typeof LAPP_VERSION === "string" ? LAPP_VERSION : pkg.version;
export const COMMIT: string = typeof LAPP_COMMIT === "string" ? LAPP_COMMIT : "source";
export const TARGET: string = typeof LAPP_TARGET === "string" ? LAPP_TARGET : "source";
