// How the walk joins a walked directory and an entry's name into the entry's path: one rule, shared by the walk and
// by the batches that send files to the search workers as their directory and name (jobs.ts: packJobs).

/** The path of `name` in `directory` (a real, `/`-separated path; the root `/` joins without a second slash). */
export function joinWalked(directory: string, name: string): string {
  return directory === "/" ? `/${name}` : `${directory}/${name}`;
}
