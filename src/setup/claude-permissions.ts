// `lapp setup claude --allow-tools`: the permission rule that lets Claude Code run lapp's tools without asking.
// Without it print mode (`claude -p`) refuses every lapp tool, reads included, and a fresh session asks for each.
// The rule names the server (`mcp__lapp`), which covers all of its tools.

import { join } from "node:path";
import type { HostPlaces } from "./hosts.ts";
import { appendItem, isJsonObject, parseJsonDocument } from "./json-edit.ts";
import { configInvalid, configShape, editUnsafe } from "./messages.ts";
import { done, problem, type ConfigChange, type SetupResult } from "./result.ts";

const CLAUDE_ALLOW_RULE = "mcp__lapp";
/** Rules that already allow every lapp tool. */
const ALLOWING = new Set([CLAUDE_ALLOW_RULE, `${CLAUDE_ALLOW_RULE}__*`]);

/** Claude Code's settings: the user's (under CLAUDE_CONFIG_DIR when set) or the project's shared one. */
export function claudeSettingsFile(places: HostPlaces, projectDir: string | undefined): string {
  if (projectDir !== undefined) return join(projectDir, ".claude", "settings.json");
  return join(places.env.CLAUDE_CONFIG_DIR || join(places.home, ".claude"), "settings.json");
}

/** `permissions.allow` with lapp's rule in it; unchanged when a rule there already allows lapp's tools. */
export function addAllowRule(text: string, file: string): SetupResult<ConfigChange> {
  if (text.trim() === "") {
    const fresh = { permissions: { allow: [CLAUDE_ALLOW_RULE] } };
    return done({ changed: true, text: `${JSON.stringify(fresh, null, 2)}\n`, previous: undefined });
  }
  const doc = parseJsonDocument(text, false);
  if ("error" in doc) return problem("CONFIG_INVALID", configInvalid(file, "JSON", doc.error));
  const settings = doc.value;
  if (!isJsonObject(settings))
    return problem("CONFIG_SHAPE", configShape(file, "the top level is not an object"));
  const permissions = settings.permissions;
  if (permissions !== undefined && !isJsonObject(permissions))
    return problem("CONFIG_SHAPE", configShape(file, '"permissions" is not an object'));
  const allow = permissions?.allow;
  if (allow !== undefined && !Array.isArray(allow))
    return problem("CONFIG_SHAPE", configShape(file, '"permissions.allow" is not a list'));
  if (allow?.some((rule) => ALLOWING.has(rule as string)))
    return done({ changed: false, text, previous: allow });

  const edited = appendItem(doc, ["permissions", "allow"], CLAUDE_ALLOW_RULE);
  const intended = {
    ...settings,
    permissions: { ...permissions, allow: [...(allow ?? []), CLAUDE_ALLOW_RULE] },
  };
  const reparsed = parseJsonDocument(edited, false);
  if ("error" in reparsed || !Bun.deepEquals(reparsed.value, intended, true))
    return problem("CONFIG_EDIT_UNSAFE", editUnsafe(file));
  return done({ changed: true, text: edited, previous: allow });
}
