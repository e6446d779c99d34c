// C preprocessor lines for the brace lexer: directives never count, and only the first branch of an
// `#if … #else … #endif` does, so two alternative headers (`void f(int a) {` / `void f() {`) open one block.

type Branch = "taken" | "alternate" | "outer-skip";

export class PreprocessorState {
  private readonly branches: Branch[] = [];
  private continuesDirective = false;

  /** True when the line is a directive or lies in a skipped branch (the lexer then ignores it). */
  consumesLine(text: string): boolean {
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
        this.branches.push(this.skipping() ? "outer-skip" : "taken");
        break;
      case "elif":
      case "else":
      case "elifdef":
      case "elifndef": {
        const last = this.branches.length - 1;
        if (this.branches[last] === "taken") this.branches[last] = "alternate";
        break;
      }
      case "endif":
        this.branches.pop();
        break;
    }
    return true;
  }

  private skipping(): boolean {
    return this.branches.length > 0 && this.branches[this.branches.length - 1] !== "taken";
  }
}
