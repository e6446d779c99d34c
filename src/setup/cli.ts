// PLACEHOLDER owned by the release helper (issue 7): replaced by the real `lapp setup` implementation.
export async function runSetup(_argv: string[]): Promise<number> {
  process.stderr.write("lapp setup: not available in this build\n");
  return 2;
}
