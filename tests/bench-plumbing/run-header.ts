// The machine and versions a results file of a plumbing test names: fixed values, for tables rendered in tests.
import type { MachineInfo, Versions } from "../../bench/support/machine.ts";

export const TEST_MACHINE: MachineInfo = {
  label: "box",
  cpu: "cpu",
  cores: 2,
  memoryGiB: 8,
  os: "linux",
  loadAverage: 0.5,
};

export const TEST_VERSIONS: Versions = {
  lapp: "lapp 0.1.0",
  bun: "1.4.5",
  node: undefined,
  commit: undefined,
  dirty: false,
  ripgrep: "ripgrep 13.0.0",
};
