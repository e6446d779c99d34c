// A first-call floor (bench/first-call-floor.ts): the reading and searching done natively, as lapp's prefilter does
// (Bun's TinyCC compiles native-one-thread.c at start), on one thread; the walk in JavaScript. No ignore rules, no
// checks, no line numbers. Usage: <root> <literal> <path of native-one-thread.c>.
import { cc, dlopen, FFIType } from "bun:ffi";
import { listFiles } from "./list-files.ts";

const [root, literal, source] = [process.argv[2]!, process.argv[3]!, process.argv[4]!];
const { i32, i64, u64, ptr, void: none } = FFIType;
const libc = dlopen("libc.so.6", {
  open: { args: [ptr, i32], returns: i32 },
  read: { args: [i32, ptr, u64], returns: i64 },
  close: { args: [i32], returns: i32 },
  memmem: { args: [ptr, u64, ptr, u64], returns: ptr },
});
const { symbols } = cc({
  source,
  flags: ["-nostdlib"],
  symbols: {
    bind: { args: [ptr], returns: none },
    count_in: { args: [ptr, i32, ptr, i32, ptr, i32], returns: i32 },
  },
});
const { open, read, close, memmem } = libc.symbols;
// Each bound function carries its address (`ptr`, missing from bun-types), which the C code calls through.
const address = (fn: unknown) => BigInt((fn as { ptr: number }).ptr);
symbols.bind(new BigUint64Array([open, read, close, memmem].map(address)));

const paths = listFiles(root);
const buffer = Buffer.allocUnsafe(64 * 1024 * 1024);
const needle = Buffer.from(literal);
console.log(
  symbols.count_in(
    Buffer.from(`${paths.join("\0")}\0`),
    paths.length,
    needle,
    needle.length,
    buffer,
    buffer.length,
  ),
);
