// File names that are not UTF-8, on the real file system, over MCP: each is shown in its own escaped form (a JSON
// string whose \udc80–\udcff escapes are the bytes, src/text/byte-names.ts), with its own content, and every tool
// accepts that form back and reaches exactly that file — never the file really named `x\uFFFD.txt`, which lapp once
// showed three times, each time with that file's content. (Control characters in names: hostile-names.test.ts.)
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeName } from "../../src/text/byte-names.ts";
import { errorCode, makeTempRoot, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";

let root: string;
let lapp: LappSession;

/** The exact bytes of a path under the root: strings as UTF-8, numbers as raw bytes. */
const at = (...parts: (string | number)[]) =>
  Buffer.concat([
    Buffer.from(`${root}/`),
    ...parts.map((part) => (typeof part === "string" ? Buffer.from(part) : Buffer.of(part))),
  ]);
const onDisk = (...parts: (string | number)[]) => readFileSync(at(...parts), "utf8");
/** The root's names, exactly, as hex (Node's own listing would show U+FFFD for a byte outside UTF-8). */
const names = () =>
  (readdirSync(root, { encoding: "buffer" }) as Buffer[]).map((name) => name.toString("hex")).sort();
const hex = (...parts: (string | number)[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === "string" ? Buffer.from(part) : Buffer.of(part))),
  ).toString("hex");

/** How lapp shows each name, and what each file holds. */
const FF = '"x\\udcff.txt"';
const FE = '"x\\udcfe.txt"';
const DIR = '"d\\udcfe"';
const IN_DIR = '"d\\udcfe/in.txt"';
const REAL_FFFD = "x\uFFFD.txt";
/** A name of plain ASCII that spells what lapp shows for y\xfd.txt, quotes included. */
const LOOKALIKE = '"y\\udcfd.txt"';

/**
 * Whether this system keeps a name that is not UTF-8 as its bytes: Linux does; macOS's APFS refuses such a name and
 * Windows names are UTF-16 (lapp escapes nothing there), so this file runs where such names exist.
 */
function keepsByteNames(): boolean {
  if (process.platform === "win32") return false;
  const folder = mkdtempSync(join(tmpdir(), "lapp-byte-probe-"));
  try {
    const name = Buffer.of(0x78, 0xff);
    writeFileSync(Buffer.concat([Buffer.from(`${folder}/`), name]), "");
    return (readdirSync(folder, { encoding: "buffer" }) as Buffer[]).some((listed) => listed.equals(name));
  } catch {
    return false;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe.if(keepsByteNames())("names that are not UTF-8, where the file system keeps them", () => {
  beforeAll(async () => {
    root = makeTempRoot("lapp-byte-names-");
    writeFileSync(at("x", 0xff, ".txt"), "function ff() {\n  return 1;\n}\n// needle ff\n");
    writeFileSync(at("x", 0xfe, ".txt"), "function fe() {\n  return 2;\n}\n// needle fe\n");
    writeFileSync(join(root, REAL_FFFD), "function fffd() {\n  return 3;\n}\n// needle fffd\n");
    mkdirSync(at("d", 0xfe));
    writeFileSync(at("d", 0xfe, "/in.txt"), "// needle in dir\n");
    writeFileSync(join(root, "é.txt"), "// needle e-acute\n");
    writeFileSync(join(root, LOOKALIKE), "// needle lookalike\n");
    writeFileSync(at("y", 0xfd, ".txt"), "// needle fd\n");
    lapp = await startLapp({ root });
  });

  afterAll(async () => {
    await lapp.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** The rows grep shows under each file name heading (context 0). */
  async function grepByName(args: Record<string, unknown>): Promise<Map<string, string[]>> {
    const { text, isError } = await lapp.call("lapp_grep", { context: 0, ...args });
    expect(isError).toBe(false);
    const byName = new Map<string, string[]>();
    let current: string[] | undefined;
    for (const line of text.split("\n")) {
      if (/^\d+#[A-Z]{2}:/.test(line)) current?.push(line.replace(/^\d+#[A-Z]{2}:/, ""));
      else if (line !== "" && !line.startsWith("[")) byName.set(line, (current = []));
    }
    return byName;
  }

  test("grep shows each file under its own name, with its own matches", async () => {
    const found = await grepByName({ pattern: "needle" });
    expect(found.get(FF)).toEqual(["// needle ff"]);
    expect(found.get(FE)).toEqual(["// needle fe"]);
    expect(found.get(REAL_FFFD)).toEqual(["// needle fffd"]);
    expect(found.get(IN_DIR)).toEqual(["// needle in dir"]);
    expect(found.get("é.txt")).toEqual(["// needle e-acute"]);
    expect(found.get(JSON.stringify(LOOKALIKE))).toEqual(["// needle lookalike"]);
    expect(found.get(LOOKALIKE)).toEqual(["// needle fd"]);
    expect(found.size).toBe(7);
  });

  test.if(Bun.which("rg") !== null)(
    "grep's files and count outputs list each file once, in ripgrep's order of the names' bytes, as rg --count",
    async () => {
      // Each line as `name bytes (hex):count`; lapp's name is its shown form (quoted when it holds escapes).
      const rg = Bun.spawnSync(
        ["rg", "--no-config", "--hidden", "--count", "--sort", "path", "-e", "needle"],
        {
          cwd: root,
        },
      );
      const expected: string[] = [];
      for (let at = 0; at < rg.stdout.length;) {
        const end = rg.stdout.indexOf(0x0a, at);
        const colon = rg.stdout.lastIndexOf(0x3a, end);
        expected.push(
          `${rg.stdout.subarray(at, colon).toString("hex")}:${rg.stdout.subarray(colon + 1, end)}`,
        );
        at = end + 1;
      }
      const lappLines = async (output: string) => {
        const { text, isError } = await lapp.call("lapp_grep", { pattern: "needle", output });
        expect(isError).toBe(false);
        return text.split("\n\n")[0]!.split("\n");
      };
      const asBytes = (shown: string, count: string) => {
        const name = shown.startsWith('"') ? (JSON.parse(shown) as string) : shown;
        return `${encodeName(name).toString("hex")}:${count}`;
      };
      const counts = (await lappLines("count")).map((line) => {
        const colon = line.lastIndexOf(":");
        return asBytes(line.slice(0, colon), line.slice(colon + 1));
      });
      expect(counts).toEqual(expected);
      expect(expected.length).toBe(7);
      const files = (await lappLines("files")).map((line) => {
        const [, shown, count] = /^(.*) \((\d+) match(?:es)?\)$/.exec(line)!;
        return asBytes(shown!, count!);
      });
      expect(files).toEqual(expected);
    },
  );

  test("a directory listing shows the names escaped, and the shown directory can be read and searched", async () => {
    const { text } = await lapp.call("lapp_read", { path: "." });
    for (const shown of [`${DIR}/`, FF, FE, REAL_FFFD]) expect(text.split("\n")).toContain(`  ${shown}`);
    const inside = await lapp.call("lapp_read", { path: DIR });
    expect(errorCode(inside.text)).toBe("IS_DIRECTORY");
    expect(inside.text).toContain("  in.txt");
    expect([...(await grepByName({ pattern: "needle", path: DIR })).keys()]).toEqual([IN_DIR]);
  });

  describe("every tool reaches exactly the file it was shown for", () => {
    test("lapp_read, by the shown form and by the escapes sent as JSON", async () => {
      expect((await lapp.call("lapp_read", { path: FF })).text).toContain("function ff()");
      expect((await lapp.call("lapp_read", { path: "x\udcfe.txt" })).text).toContain("function fe()");
      expect((await lapp.call("lapp_read", { path: IN_DIR })).text).toContain("needle in dir");
      expect((await lapp.call("lapp_read", { path: REAL_FFFD })).text).toContain("function fffd()");
      expect((await lapp.call("lapp_read", { path: JSON.stringify(LOOKALIKE) })).text).toContain("lookalike");
    });

    test("a path that could name either the file shown so or a file really named so is refused", async () => {
      // y\xfd.txt is shown as `"y\udcfd.txt"`; LOOKALIKE is really named so (and shown quoted once more).
      const both = await lapp.call("lapp_read", { path: LOOKALIKE });
      expect(errorCode(both.text)).toBe("AMBIGUOUS");
      expect(both.text).toContain(JSON.stringify(LOOKALIKE));
      const write = await lapp.call("lapp_write", { path: LOOKALIKE, content: "x\n" });
      expect(errorCode(write.text)).toBe("AMBIGUOUS");
      expect(onDisk(LOOKALIKE)).toBe("// needle lookalike\n");
      // Each is reached by the form the refusal names.
      expect((await lapp.call("lapp_read", { path: JSON.stringify(LOOKALIKE) })).text).toContain("lookalike");
      expect((await lapp.call("lapp_read", { path: "y\udcfd.txt" })).text).toContain("needle fd");
    });

    test("escaped bytes that are UTF-8 together name the file of that character", async () => {
      expect((await lapp.call("lapp_read", { path: "\udcc3\udca9.txt" })).text).toContain("e-acute");
    });

    test("lapp_edit with refs grep showed", async () => {
      const grep = await lapp.call("lapp_grep", { pattern: "return 1", path: FF, context: 0 });
      const ref = refsByLine(grep.text).get(2)!;
      const edit = await lapp.call("lapp_edit", {
        path: FF,
        edits: [{ type: "replace", anchor: ref, content: "  return 11;" }],
      });
      expect(edit.isError).toBe(false);
      expect(onDisk("x", 0xff, ".txt")).toContain("return 11;");
      expect(onDisk("x", 0xfe, ".txt")).toContain("return 2;");
      expect(readFileSync(join(root, REAL_FFFD), "utf8")).toContain("return 3;");
    });

    test("lapp_find_block, lapp_replace_block, lapp_insert_block", async () => {
      const found = await lapp.call("lapp_find_block", { path: FE, pattern: "function fe" });
      expect(found.text).toContain("return 2;");
      const replaced = await lapp.call("lapp_replace_block", {
        path: FE,
        pattern: "function fe",
        content: "function fe() {\n  return 22;\n}",
      });
      expect(replaced.isError).toBe(false);
      const inserted = await lapp.call("lapp_insert_block", {
        path: FE,
        anchor_content: "function fe() {\n  return 22;\n}",
        position: "after",
        content: "function fe2() {}",
      });
      expect(inserted.isError).toBe(false);
      expect(onDisk("x", 0xfe, ".txt")).toBe(
        "function fe() {\n  return 22;\n}\nfunction fe2() {}\n// needle fe\n",
      );
      expect(readFileSync(join(root, REAL_FFFD), "utf8")).toContain("return 3;");
    });

    test("lapp_write creates the name with exactly its bytes, in a new directory too", async () => {
      const wrote = await lapp.call("lapp_write", { path: '"new\\udc80/n\\udce9.txt"', content: "new\n" });
      expect(wrote.isError).toBe(false);
      expect(wrote.text).toContain('"new\\udc80/n\\udce9.txt"');
      expect(onDisk("new", 0x80, "/n", 0xe9, ".txt")).toBe("new\n");
      expect(names()).toContain(hex("new", 0x80));
      expect(names()).not.toContain(hex("new\uFFFD"));
      const again = await lapp.call("lapp_write", { path: '"new\\udc80/n\\udce9.txt"', content: "x\n" });
      expect(errorCode(again.text)).toBe("FILE_EXISTS");
    });

    test("lapp_apply_patch, by the shown form in an envelope and by git's octal quoting", async () => {
      const envelope = await lapp.call("lapp_apply_patch", {
        patch: `*** Begin Patch\n*** Update File: ${IN_DIR}\n@@\n-// needle in dir\n+// patched in dir\n*** End Patch`,
      });
      expect(envelope.isError).toBe(false);
      expect(onDisk("d", 0xfe, "/in.txt")).toBe("// patched in dir\n");
      const git = await lapp.call("lapp_apply_patch", {
        patch: [
          'diff --git "a/x\\377.txt" "b/x\\377.txt"',
          '--- "a/x\\377.txt"',
          '+++ "b/x\\377.txt"',
          "@@ -4 +4 @@",
          "-// needle ff",
          "+// patched ff",
          "",
        ].join("\n"),
      });
      expect(git.isError).toBe(false);
      expect(onDisk("x", 0xff, ".txt")).toContain("// patched ff");
      expect(readFileSync(join(root, REAL_FFFD), "utf8")).toContain("// needle fffd");
    });
  });

  test("a lone surrogate that stands for no byte is refused, and nothing is created", async () => {
    for (const path of ["x\ud800.txt", "x\udc41.txt", '"x\\udbff.txt"']) {
      const { text } = await lapp.call("lapp_write", { path, content: "x\n" });
      expect(errorCode(text)).toBe("INVALID_ARGUMENTS");
      expect(text).toContain("stands for no byte");
    }
    const xs = [hex(REAL_FFFD), hex("x", 0xfe, ".txt"), hex("x", 0xff, ".txt")].sort();
    expect(names().filter((name) => name.startsWith(hex("x")))).toEqual(xs);
  });
});
