# Reference spans for the Python accuracy test: `ast` line spans of every function and class definition.
# Usage: python3 python_spans.py FILE... ; prints one JSON object per file that parses:
# {"file": path, "spans": [[kind, lineno, end_lineno], ...]}  (lineno is the `def`/`class` line).
import ast
import json
import sys


def spans_of(path):
    with open(path, "rb") as handle:
        data = handle.read()
    # ast counts a lone "\r" as a line end; lapp does not (it stays in the line's text). Skip such files.
    if data.count(b"\r") != data.count(b"\r\n"):
        return None
    try:
        tree = ast.parse(data, filename=path)
    except (SyntaxError, ValueError, UnicodeDecodeError):
        return None
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            kind = "function"
        elif isinstance(node, ast.ClassDef):
            kind = "class"
        else:
            continue
        spans.append([kind, node.lineno, node.end_lineno])
    spans.sort(key=lambda span: span[1])
    return spans


def main(paths):
    for path in paths:
        spans = spans_of(path)
        if spans is not None:
            print(json.dumps({"file": path, "spans": spans}))


if __name__ == "__main__":
    main(sys.argv[1:])
