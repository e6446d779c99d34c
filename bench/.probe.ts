async function once(cmd: string[], rpc: boolean) {
  const t0 = performance.now();
  const child = Bun.spawn(cmd, { stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  const marks: Record<string, number> = {};
  (async () => { for await (const _ of child.stderr) { marks.stderr ??= performance.now() - t0; } })();
  const reader = child.stdout.getReader();
  let buf = "";
  const next = async () => { while (!buf.includes("\n")) { const { value, done } = await reader.read(); if (done) throw new Error("eof"); buf += new TextDecoder().decode(value); } const i = buf.indexOf("\n"); const line = buf.slice(0, i); buf = buf.slice(i + 1); return line; };
  if (rpc) {
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "p", version: "1" } } }) + "\n"); child.stdin.flush();
    await next(); marks.initialize = performance.now() - t0;
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }) + "\n"); child.stdin.flush();
    await next(); marks.toolsList = performance.now() - t0;
  } else { child.stdin.write("x\n"); child.stdin.flush(); await next(); marks.reply = performance.now() - t0; }
  child.kill(); await child.exited;
  return marks;
}
const runs = 21;
for (const [label, cmd, rpc] of [["tiny bun --compile binary (echo)", ["/tmp/lapp-prof/hello"], false], ["lapp --version", ["/work/main/dist/lapp", "--version"], null], ["lapp server", ["/work/main/dist/lapp", "--root", "/tmp/lapp-probe"], true]] as const) {
  const all: Record<string, number>[] = [];
  for (let i = 0; i < runs; i++) {
    if (rpc === null) { const t0 = performance.now(); Bun.spawnSync(cmd as unknown as string[]); all.push({ exit: performance.now() - t0 }); continue; }
    all.push(await once(cmd as unknown as string[], rpc));
  }
  const keys = Object.keys(all[0]!);
  console.log(label.padEnd(34), keys.map((k) => { const v = all.map((m) => m[k]!).sort((a, b) => a - b); return `${k} median ${v[runs >> 1]!.toFixed(0)} min ${v[0]!.toFixed(0)}`; }).join("; "));
}
