"""Runs the Python blocks of docs/python.md as one script and checks what their comments claim.

usage: python3 tests/install/python_docs.py docs/python.md (in an empty folder: the examples write
words.txt, as a reader would, and the files they save). Every ```python block runs, in order, in one namespace. An
expression whose comment starts with a Python literal (`# '.Y...'`, `# 5801, 5, {...}`) must equal
it; any other commented expression must not be None (a comment says what it gives). Prints each
expression's line and value; exits 1 on the first difference or exception.
"""

import ast
import re
import sys


def claim(comment: str) -> tuple:
    """(True, value) when the comment starts with a Python literal, else (False, None)."""
    for text in (comment, comment.split(": ")[0], re.split(r"\s+[a-z(]", comment)[0]):
        try:
            return True, ast.literal_eval(text.strip().rstrip(",;"))
        except (ValueError, SyntaxError):
            continue
    return False, None


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as f:
        blocks = re.findall(r"^```python\n(.*?)^```$", f.read(), re.M | re.S)
    source = "".join(blocks)
    lines = source.splitlines()
    names: dict = {}
    for node in ast.parse(source).body:
        if not isinstance(node, ast.Expr):
            exec(compile(ast.Module([node], []), "docs/python.md", "exec"), names)
            continue
        value = eval(compile(ast.Expression(node.value), "docs/python.md", "eval"), names)
        line = lines[node.lineno - 1]
        print(f"{line.split('#')[0].strip()} -> {repr(value)[:120]}")
        if "#" not in line:
            continue
        has, expected = claim(line.split("#", 1)[1])
        if has and value != expected:
            print(f"FAIL {line.strip()}: gives {value!r}")
            return 1
        if not has and value is None and ".save(" not in line:
            print(f"FAIL {line.strip()}: gives None")
            return 1
    print(f"docs/python.md: {len(blocks)} blocks ran")
    return 0


if __name__ == "__main__":
    sys.exit(main())
