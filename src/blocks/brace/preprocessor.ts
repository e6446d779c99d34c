// C preprocessor lines for the brace lexer: directives never count. Every branch of `#if … #else … #endif`
// counts while the branches before it left the brackets balanced; after an unbalanced branch (two
// alternative headers `void f(int a) {` / `void f() {`) the later branches are skipped, so one block opens.

interface Branch {
  state: "counted" | "skipped" | "outer-skip";
  /** Open brackets when the `#if` was reached. */
  readonly depthAtIf: number;
}

export class PreprocessorState {
  private readonly branches: Branch[] = [];
  private continuesDirective = false;

  /**
   * True when the line is a directive or lies in a skipped branch (the lexer then ignores it).
   * `depth` is the number of brackets open so far.
   */
  consumesLine(text: string, depth: number): boolean {
    if (this.continuesDirective) {
      this.continuesDirective = text.endsWith("\\");
      return true;
    }
    const directive = /^\s*#\s*([a-z]+)/.exec(text);
    if (!directive) return this.skipping();
    this.continuesDirective = text.endsWith("\\");
    switch (directive[1]) {
      case "if":
      case "ifdef":
      case "ifndef":
        this.branches.push({ state: this.skipping() ? "outer-skip" : "counted", depthAtIf: depth });
        break;
      case "elif":
      case "else":
      case "elifdef":
      case "elifndef": {
        const branch = this.branches[this.branches.length - 1];
        if (branch?.state === "counted" && depth !== branch.depthAtIf) branch.state = "skipped";
        break;
      }
      case "endif":
        this.branches.pop();
        break;
    }
    return true;
  }

  /** The state as plain data, for a lexer checkpoint (relex.ts). */
  snapshot(): unknown {
    return [this.branches, this.continuesDirective];
  }

  /** Takes the state a `snapshot` gave (after a round trip through JSON). */
  restore(snapshot: unknown): void {
    const [branches, continuesDirective] = snapshot as [Branch[], boolean];
    this.branches.splice(0, this.branches.length, ...branches);
    this.continuesDirective = continuesDirective;
  }

  private skipping(): boolean {
    const branch = this.branches[this.branches.length - 1];
    return branch !== undefined && branch.state !== "counted";
  }
}
