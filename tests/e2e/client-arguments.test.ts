// Arguments as Codex passes them from a model, over stdio against dist/lapp: `edits` as a JSON string and numbers
// as strings are taken as meant (the one leniency), and the file ends exactly as intended; other mistakes are
// refused as INVALID_ARGUMENTS with nothing written.
import { expect, test } from "bun:test";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { refOf } from "../../src/hashline/hash.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { startRaw, type RawSession } from "../support/raw-session.ts";

let id = 0;
async function call(lapp: RawSession, name: string, args: Record<string, unknown>) {
  const request = ++id;
  await lapp.send({ jsonrpc: "2.0", id: request, method: "tools/call", params: { name, arguments: args } });
  const answer = (await lapp.until(request)).at(-1)!.result as {
    content: { text: string }[];
    isError?: boolean;
  };
  return { text: answer.content.map((block) => block.text).join("\n"), isError: answer.isError === true };
}

test("edits as a JSON string and offsets as strings work end to end; a malformed string writes nothing", async () => {
  const root = makeTempRoot("lapp-client-args-");
  const lines = ["alpha", "beta", "gamma", "delta"];
  writeFileSync(join(root, "notes.txt"), `${lines.join("\n")}\n`);
  const lapp = await startRaw(root, [], { name: "codex-mcp-client", version: "0.171.0" });
  try {
    const read = await call(lapp, "lapp_read", { path: "notes.txt", offset: "2", limit: "2" });
    expect(read.isError).toBe(false);
    expect(read.text.split("\n").slice(0, 2)).toEqual([
      `${refOf(2, "beta")}:beta`,
      `${refOf(3, "gamma")}:gamma`,
    ]);

    const bad = await call(lapp, "lapp_edit", { path: "notes.txt", edits: "[{type: 'delete'}]" });
    expect(bad.isError).toBe(true);
    expect(bad.text).toStartWith("error INVALID_ARGUMENTS: lapp_edit: edits: must be list of objects");
    expect(readFileSync(join(root, "notes.txt"), "utf8")).toBe(`${lines.join("\n")}\n`);

    const edits = JSON.stringify([
      { type: "replace", anchor: refOf(2, "beta"), content: "BETA" },
      { type: "delete", anchor: refOf(3, "gamma") },
    ]);
    const edit = await call(lapp, "lapp_edit", { path: "notes.txt", edits });
    expect(edit.isError).toBe(false);
    expect(edit.text).toStartWith("edited notes.txt: 2 edits");
    expect(readFileSync(join(root, "notes.txt"), "utf8")).toBe("alpha\nBETA\ndelta\n");
  } finally {
    await lapp.close();
    rmSync(root, { recursive: true, force: true });
  }
});
