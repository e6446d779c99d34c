// The only comparison this machine's noise allows to trust: servers of both builds alive at once, their calls
// alternating one by one, so a slow moment lands on both. Each figure is the median wall time of a call measured
// from outside, and the server's CPU time per call (all its threads, from /proc; undefined elsewhere).

import { readFileSync } from "node:fs";
import type { LappClient } from "../support/lapp-client.ts";
import { summarize, type Timing } from "../support/stats.ts";

/**
 * One kind of call, made on one server of each build. A probe that starts a fresh server per call (the startup)
 * names a stand-in per build whose process id is 0: no CPU is read for it.
 */
export interface Probe<Server extends Pick<LappClient, "pid"> = LappClient> {
  label: string;
  /** Its servers, one per build in the order of the builds; started and made ready by the caller. */
  servers: readonly Server[];
  /** One call on `server`, resolving to its milliseconds. */
  call(server: Server, build: number): Promise<number>;
}

export interface ProbeResult {
  label: string;
  /** Per build: wall milliseconds per call and server CPU milliseconds per call (undefined without /proc). */
  builds: Array<{ wall: Timing; cpuMs: number | undefined }>;
}

/** `warmup` calls on every server unmeasured, then `calls` rounds of one call per server, the order turning. */
export async function alternate<Server extends Pick<LappClient, "pid">>(
  probe: Probe<Server>,
  calls: number,
  warmup: number,
): Promise<ProbeResult> {
  const servers = probe.servers;
  for (let round = 0; round < warmup; round++)
    for (const [build, server] of servers.entries()) await probe.call(server, build);
  const walls: number[][] = servers.map(() => []);
  const cpus: Array<number | undefined> = servers.map(() => 0);
  for (let round = 0; round < calls; round++) {
    const order = round % 2 === 0 ? [...servers.keys()] : [...servers.keys()].reverse();
    for (const build of order) {
      const server = servers[build]!;
      const before = cpuMs(server.pid);
      walls[build]!.push(await probe.call(server, build));
      const after = cpuMs(server.pid);
      cpus[build] = before === undefined || after === undefined ? undefined : cpus[build]! + after - before;
    }
  }
  return {
    label: probe.label,
    builds: servers.map((_, build) => ({
      wall: summarize(walls[build]!),
      cpuMs: cpus[build] === undefined ? undefined : cpus[build]! / calls,
    })),
  };
}

/** User and system time of a process and all its threads so far, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number | undefined {
  if (pid <= 0) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
