// Reference spans for the JS/TS accuracy test: the TypeScript compiler's own line spans of function,
// class and method definitions in real published files.

import ts from "typescript";

export type DefinitionKind =
  "function" | "function-expression" | "arrow" | "class" | "method" | "constructor" | "accessor";

export interface ReferenceSpan {
  readonly kind: DefinitionKind;
  /** 1-based line of the node's first token (decorators and modifiers included, comments not). */
  readonly start: number;
  /** 1-based line of the node's last character. */
  readonly end: number;
}

function kindOf(node: ts.Node): DefinitionKind | null {
  if (ts.isFunctionDeclaration(node)) return node.body ? "function" : null;
  if (ts.isFunctionExpression(node)) return "function-expression";
  if (ts.isArrowFunction(node)) return ts.isBlock(node.body) ? "arrow" : null;
  if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) return "class";
  if (ts.isMethodDeclaration(node)) return node.body ? "method" : null;
  if (ts.isConstructorDeclaration(node)) return node.body ? "constructor" : null;
  if (ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node))
    return node.body ? "accessor" : null;
  return null;
}

/** Every definition with a body in `text`, parsed as `fileName` says (JS, JSX, TS or TSX). */
export function referenceSpans(fileName: string, text: string): ReferenceSpan[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const spans: ReferenceSpan[] = [];
  const visit = (node: ts.Node): void => {
    const kind = kindOf(node);
    if (kind) {
      spans.push({
        kind,
        start: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        end: source.getLineAndCharacterOfPosition(node.getEnd()).line + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}
