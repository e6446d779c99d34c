import { startScriptedEndpoint } from "../tests/bench-plumbing/scripted-endpoint.ts";
const ep = startScriptedEndpoint({ noop: [{ toolCalls: [{ name: "lapp_read", arguments: { path: "x" } }] }, { content: "Done." }] });
const child = Bun.spawn([process.execPath, "bench/agent.ts"], { env: { ...process.env, LAPP_BENCH_BASE_URL: ep.baseUrl, LAPP_BENCH_MODELS: "noop", LAPP_BENCH_MACHINE: "plumbing-probe", LAPP_BENCH_TASKS: "gyp-xcode_emulation-10.0.0,rxjs-subscriber-7.8.2" }, stdout: "inherit", stderr: "inherit" });
console.log("exit", await child.exited, "requests", ep.requests.length);
ep.stop();
