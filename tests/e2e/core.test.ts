// End to end over real stdio: the compiled binary, the SDK client, real files in a temp root.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { refOf } from "../../src/hashline/hash.ts";
import { describeAllTools } from "../../src/server/tool-list.ts";
import { errorCode, makeTempRoot, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";

let lapp: LappSession;
let root: string;

const SAMPLE = "function alpha() {\n  return 1;\n}\n\nfunction beta() {\n  legacy();\n  return 2;\n}\n";

beforeAll(async () => {
  root = makeTempRoot();
  writeFileSync(join(root, "sample.js"), SAMPLE);
  mkdirSync(join(root, "config"));
  writeFileSync(join(root, "config", ".env"), "SECRET=1\n");
  writeFileSync(join(root, "server.pem"), "-----BEGIN-----\n");
  // --verbose: the log on stderr although stderr is a pipe (without it lapp is silent there: startup-banner.test.ts).
  lapp = await startLapp({ root, args: ["--verbose"] });
});

afterAll(async () => {
  await lapp.close();
  rmSync(root, { recursive: true, force: true });
});

describe("lapp over MCP", () => {
  test("lists the three core tools with schemas, annotations and instructions", async () => {
    const { tools } = await lapp.client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["lapp_read", "lapp_edit", "lapp_write"]));
    const read = tools.find((tool) => tool.name === "lapp_read")!;
    expect(read.annotations?.readOnlyHint).toBe(true);
    expect(read.inputSchema.required).toEqual(["path"]);
    const edit = tools.find((tool) => tool.name === "lapp_edit")!;
    expect(edit.annotations?.destructiveHint).toBe(true);
    const write = tools.find((tool) => tool.name === "lapp_write")!;
    expect(write.annotations?.destructiveHint).toBe(false);
    expect(lapp.client.getInstructions()).toContain("N#ID");
    // Clients that defer tools behind a search show only the first line: it says what lapp is for.
    expect(lapp.client.getInstructions()!.split("\n")[0]).toMatch(
      /^lapp reads, searches and edits this project's files by line refs: prefer lapp_read, lapp_grep, lapp_edit/,
    );
  });

  test("the binary lists exactly the schemas the sources describe (generated when it was built)", async () => {
    const { tools } = await lapp.client.listTools();
    // The build runs src/server/tool-list.ts as a macro; the same function run now, from the sources, must agree.
    expect(JSON.parse(JSON.stringify(tools))).toEqual(JSON.parse(JSON.stringify(describeAllTools())));
  });

  test("read → edit → read", async () => {
    const first = await lapp.call("lapp_read", { path: "sample.js" });
    expect(first.isError).toBe(false);
    const expected = SAMPLE.split("\n")
      .slice(0, -1)
      .map((line, index) => `${refOf(index + 1, line)}:${line}`);
    expect(first.text).toBe(expected.join("\n"));
    const refs = refsByLine(first.text);
    const edited = await lapp.call("lapp_edit", {
      path: "sample.js",
      edits: [
        { type: "replace", anchor: refs.get(6), content: "  modern();" },
        { type: "insert_after", anchor: refs.get(2), content: "  // alpha done" },
      ],
    });
    expect(edited.isError).toBe(false);
    expect(edited.text).toStartWith("edited sample.js: 2 edits");
    expect(readFileSync(join(root, "sample.js"), "utf8")).toBe(
      "function alpha() {\n  return 1;\n  // alpha done\n}\n\nfunction beta() {\n  modern();\n  return 2;\n}\n",
    );
    const second = await lapp.call("lapp_read", { path: "sample.js", offset: 7, limit: 1 });
    expect(second.text).toMatch(
      /^7#[A-Z]{2}:  modern\(\);\n\[showing lines 7-7 of 9; continue with offset=8\]$/,
    );
    // Fresh refs in the edit result equal what a read shows.
    const fresh = refsByLine(edited.text);
    expect(fresh.get(7)).toBe(refsByLine(second.text).get(7));
  });

  test("a stale ref is refused with HASH_MISMATCH and the file is untouched", async () => {
    const read = await lapp.call("lapp_read", { path: "sample.js" });
    const refs = refsByLine(read.text);
    writeFileSync(
      join(root, "sample.js"),
      readFileSync(join(root, "sample.js"), "utf8").replace("modern", "changed"),
    );
    const before = readFileSync(join(root, "sample.js"));
    const result = await lapp.call("lapp_edit", {
      path: "sample.js",
      edits: [{ type: "replace", anchor: refs.get(7), content: "  other();" }],
    });
    expect(result.isError).toBe(true);
    expect(errorCode(result.text)).toBe("HASH_MISMATCH");
    expect(result.text).toContain(">>> 7#");
    expect(readFileSync(join(root, "sample.js"))).toEqual(before);
  });

  test("write creates, refuses to overwrite with FILE_EXISTS", async () => {
    const created = await lapp.call("lapp_write", { path: "new/dir/hello.txt", content: "hello\nworld\n" });
    expect(created.isError).toBe(false);
    expect(created.text).toContain("1#");
    expect(readFileSync(join(root, "new/dir/hello.txt"), "utf8")).toBe("hello\nworld\n");
    const again = await lapp.call("lapp_write", { path: "new/dir/hello.txt", content: "x\n" });
    expect(errorCode(again.text)).toBe("FILE_EXISTS");
    expect(readFileSync(join(root, "new/dir/hello.txt"), "utf8")).toBe("hello\nworld\n");
  });

  test("paths outside the root are PATH_OUTSIDE_ROOT", async () => {
    for (const path of ["../outside.txt", "/etc/passwd", `${root}-evil/x.txt`, "a\0b"]) {
      const result = await lapp.call("lapp_read", { path });
      expect(errorCode(result.text)).toBe("PATH_OUTSIDE_ROOT");
    }
    symlinkSync("/etc/hostname", join(root, "escape-link"));
    expect(errorCode((await lapp.call("lapp_read", { path: "escape-link" })).text)).toBe("PATH_OUTSIDE_ROOT");
    const write = await lapp.call("lapp_write", { path: "../evil.txt", content: "x" });
    expect(errorCode(write.text)).toBe("PATH_OUTSIDE_ROOT");
  });

  test("blocked files are PATH_BLOCKED for read, edit and write", async () => {
    expect(errorCode((await lapp.call("lapp_read", { path: "config/.env" })).text)).toBe("PATH_BLOCKED");
    expect(errorCode((await lapp.call("lapp_read", { path: "server.pem" })).text)).toBe("PATH_BLOCKED");
    const edit = await lapp.call("lapp_edit", {
      path: "config/.env",
      edits: [{ type: "insert_after", anchor: "0:", content: "X=1" }],
    });
    expect(errorCode(edit.text)).toBe("PATH_BLOCKED");
    expect(errorCode((await lapp.call("lapp_write", { path: ".env.local", content: "A=1\n" })).text)).toBe(
      "PATH_BLOCKED",
    );
    const listing = await lapp.call("lapp_read", { path: "config" });
    expect(errorCode(listing.text)).toBe("IS_DIRECTORY");
    expect(listing.text).not.toContain(".env");
  });

  test("bad arguments are INVALID_ARGUMENTS naming the field", async () => {
    const missing = await lapp.call("lapp_read", {});
    expect(errorCode(missing.text)).toBe("INVALID_ARGUMENTS");
    expect(missing.text).toContain("path");
    const badOffset = await lapp.call("lapp_read", { path: "sample.js", offset: 0 });
    expect(errorCode(badOffset.text)).toBe("INVALID_ARGUMENTS");
    expect(badOffset.text).toContain("offset");
    const badEdit = await lapp.call("lapp_edit", {
      path: "sample.js",
      edits: [{ type: "move", anchor: "1#ZZ" }],
    });
    expect(errorCode(badEdit.text)).toBe("INVALID_ARGUMENTS");
    expect(badEdit.text).toContain("edits[0]");
    const tooMany = await lapp.call("lapp_edit", { path: "sample.js", edits: [] });
    expect(errorCode(tooMany.text)).toBe("INVALID_ARGUMENTS");
  });

  test("dry_run validates and writes nothing", async () => {
    const before = readFileSync(join(root, "sample.js"));
    const refs = refsByLine((await lapp.call("lapp_read", { path: "sample.js" })).text);
    const result = await lapp.call("lapp_edit", {
      path: "sample.js",
      dry_run: true,
      edits: [{ type: "delete", anchor: refs.get(1) }],
    });
    expect(result.isError).toBe(false);
    expect(readFileSync(join(root, "sample.js"))).toEqual(before);
  });

  test("missing files, offsets past the end and empty files explain themselves", async () => {
    expect(errorCode((await lapp.call("lapp_read", { path: "nope.txt" })).text)).toBe("NOT_FOUND");
    // Regression (found by the MCP fuzz test): offsets beyond 2^53 lost precision and crashed the page loop.
    const huge = await lapp.call("lapp_read", { path: "sample.js", offset: 17940859541370320 });
    expect(errorCode(huge.text)).toBe("INVALID_ARGUMENTS");
    const largestSafe = await lapp.call("lapp_read", { path: "sample.js", offset: Number.MAX_SAFE_INTEGER });
    expect(errorCode(largestSafe.text)).toBe("LINE_OUT_OF_RANGE");
    const past = await lapp.call("lapp_read", { path: "sample.js", offset: 500 });
    expect(errorCode(past.text)).toBe("LINE_OUT_OF_RANGE");
    expect(past.text).toContain("9 lines");
    writeFileSync(join(root, "empty.txt"), "");
    const empty = await lapp.call("lapp_read", { path: "empty.txt" });
    expect(empty.isError).toBe(false);
    expect(empty.text).toContain("0:");
  });

  test("binary files are BINARY_FILE; images come back as image content", async () => {
    writeFileSync(join(root, "blob.bin"), Buffer.from([1, 2, 0, 3]));
    expect(errorCode((await lapp.call("lapp_read", { path: "blob.bin" })).text)).toBe("BINARY_FILE");
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f3ba6a0000000049454e44ae426082",
      "hex",
    );
    writeFileSync(join(root, "dot.png"), png);
    const image = await lapp.call("lapp_read", { path: "dot.png" });
    expect(image.result.content[0]).toMatchObject({ type: "image", mimeType: "image/png" });
  });

  test("with --verbose, every call was logged to stderr with tool, path, outcome and milliseconds", () => {
    expect(lapp.stderr()).toContain("Prefer lapp_read / lapp_edit / lapp_write / lapp_grep");
    expect(lapp.stderr()).toMatch(/lapp_read sample\.js ok \d+\.\dms/);
    expect(lapp.stderr()).toMatch(/lapp_edit sample\.js HASH_MISMATCH \d+\.\dms/);
  });
});
