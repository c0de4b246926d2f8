#!/usr/bin/env python3
# The size rule of docs/architecture.md, checked on every C++ source under src/:
#
#   no file over 600 lines, no function over 80 lines,
#
# unless a `// long: <why>` comment says why: on the file's first line for a file, on the line
# just before the function (before its template line, after its doc comment) for a function.
# A function is a brace block opened at namespace or class scope after a parameter list; its
# length runs from its first line (template and return type included) to its closing brace.
# Lambdas and blocks inside a function count as part of it. Comments, string and character
# literals (raw ones too) and preprocessor lines are blanked before braces are matched.
# Breaches listed in size_pending.txt (beside this script: files other branches are changing)
# are printed as pending, not counted. Prints each breach as file:line: what (how long) and
# exits 1 if there is one.
#
#   tests/layers/check_sizes.py [SOURCE_ROOT]
#   tests/layers/check_sizes.py --self-test    (the scanner on small samples)
import pathlib
import re
import sys

MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 80
WAIVER = "// long:"

CLASS_HEAD = re.compile(r"^(inline\s+)?(namespace|class|struct|union|enum|typedef|extern)\b")
ACCESS = re.compile(r"\b(public|protected|private|signals|slots|Q_SLOTS|Q_SIGNALS)\s*:(?!:)")
QT_MACRO = re.compile(r"\b(Q|QML)_[A-Z_]+\b(\s*\((?:[^()]|\([^()]*\))*\))?")


def without_template_prefix(head):
    """The head without a leading `template <...>` (its parameters may say class)."""
    h = head.strip()
    if not h.startswith("template"):
        return h
    depth = 0
    for k, ch in enumerate(h):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
            if depth == 0:
                return without_template_prefix(h[k + 1 :])
    return h


def is_scope_head(head):
    return CLASS_HEAD.search(without_template_prefix(head)) is not None


def blank(text):
    """The text with comments, literals and preprocessor lines replaced by spaces (newlines kept)."""
    out = list(text)
    i, n = 0, len(text)

    def wipe(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    at_line_start = True
    while i < n:
        c = text[i]
        if at_line_start and c == "#":
            j = i
            while j < n and (text[j] != "\n" or text[j - 1] == "\\"):
                j += 1
            wipe(i, j)
            i = j
            continue
        if c == "\n":
            at_line_start = True
            i += 1
            continue
        if not c.isspace():
            at_line_start = False
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            wipe(i, j)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            wipe(i, j)
            i = j
        elif c == "R" and i + 1 < n and text[i + 1] == '"' and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            open_paren = text.find("(", i + 2)
            delim = text[i + 2 : open_paren]
            end = text.find(")" + delim + '"', open_paren)
            j = n if end < 0 else end + len(delim) + 2
            wipe(i, j)
            i = j
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum():  # a digit separator: 1'000
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            wipe(i, j + 1)
            i = j + 1
        else:
            i += 1
    return "".join(out)


def function_name(head):
    depth = 0
    for k, ch in enumerate(head):
        if ch in "<([":
            if ch == "(" and depth == 0:
                m = re.search(r"(operator\s*\S+|[~\w:]+)\s*$", head[:k])
                return m.group(1) if m else "?"
            depth += 1
        elif ch in ">)]" and depth > 0:
            depth -= 1
    return "?"


def is_function_head(head):
    h = head.strip()
    if not h or is_scope_head(h):
        return False
    # `operator()`, `operator=` and `operator<` have the characters the tests below look for.
    if re.search(r"\boperator\b", h):
        return True
    if "(" not in h or "=" in h.split("(")[0]:
        return False
    return ")" in h


def functions(code):
    """(first line, last line, name) of every function body in blanked code."""
    found = []
    stack = []  # per open brace: "scope" (namespace, class), "init" (a member's brace-init in a
    #             constructor's initializer list), "block" (an initializer), "inner", or a function
    head_start = None  # (offset, line) where the current declaration begins at scope level
    parens = 0
    line = 1
    for pos, ch in enumerate(code):
        if ch == "\n":
            line += 1
            continue
        if ch.isspace():
            continue
        if any(isinstance(kind, tuple) or kind == "block" for kind in stack):
            if ch == "{":
                stack.append("inner")
            elif ch == "}":
                top = stack.pop()
                if isinstance(top, tuple):
                    found.append((top[0], line, top[1]))
                    head_start = None
            continue
        if head_start is None:
            head_start = (pos, line)
        if ch == "(":
            parens += 1
        elif ch == ")":
            parens = max(0, parens - 1)
        elif ch == ";" and parens == 0:
            head_start = None
        elif ch == "}":
            if (stack.pop() if stack else "scope") != "init":
                head_start = None
        elif ch == "{":
            head = code[head_start[0] : pos]
            stripped = head.rstrip()
            ctor_init = re.search(r"\)\s*(noexcept\s*)?:(?!:)", head) is not None
            if parens > 0 or (ctor_init and stripped and (stripped[-1].isalnum() or stripped[-1] in "_>")):
                stack.append("init")
            elif is_function_head(head):
                stack.append((head_start[1], function_name(head)))
            elif not stripped or is_scope_head(head):
                stack.append("scope")
                head_start = None
            else:
                stack.append("block")
    return found


def pending_list(path):
    """{(file, function or "")} from size_pending.txt: "src/x.cpp name" or "src/x.cpp" lines."""
    entries = set()
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split("#", 1)[0].split()
            if words:
                entries.add((words[0], words[1] if len(words) > 1 else ""))
    return entries


def check(path, rel):
    text = path.read_text(encoding="utf-8", errors="replace")
    raw = text.split("\n")
    problems = []
    lines = len(raw) - (1 if text.endswith("\n") else 0)
    if lines > MAX_FILE_LINES and WAIVER not in raw[0]:
        problems.append((str(rel), "", f"{rel}:1: {lines} lines (over {MAX_FILE_LINES}: split the file, or say why on its first line)"))
    code = ACCESS.sub(lambda m: " " * len(m.group(0)), blank(text))
    code = QT_MACRO.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), code)
    for first, last, name in functions(code):
        length = last - first + 1
        if length > MAX_FUNCTION_LINES and (first < 2 or WAIVER not in raw[first - 2]):
            problems.append((str(rel), name.split("::")[-1], f"{rel}:{first}: {name} has {length} lines "
                             f"(over {MAX_FUNCTION_LINES}: split it, or say why on the line before: {WAIVER} <why>)"))
    return problems


def self_test():
    """The scanner on samples whose functions and lengths are known; prints what differs."""
    body = "    x();\n" * 3
    samples = {
        # a template whose parameters say `class`, then a constructor whose initializer list
        # has a brace-init, a raw string with braces, and a lambda inside a function
        "template <class T>\nT f(T t) {\n" + body + "}\n": [(1, 6, "f")],
        "A::A(int a) : m_a{a}, m_b(a) {\n" + body + "}\n": [(1, 5, "A::A")],
        'const char* g() {\n    return R"({ "}" })";\n}\n': [(1, 3, "g")],
        "void h() {\n    auto l = [] {\n        y();\n    };\n}\n": [(1, 5, "h")],
        "namespace n {\nstruct S {\n    int i() const { return 1; }\n};\n}\n": [(3, 3, "i")],
        "int v[] = {1, 2};\nenum class E { a, b };\n": [],
        "class C : public Q {\n    Q_OBJECT\n    QML_ELEMENT\npublic:\n    void k() {}\n};\n": [(5, 5, "k")],
    }
    failed = 0
    for text, want in samples.items():
        code = ACCESS.sub(lambda m: " " * len(m.group(0)), blank(text))
        code = QT_MACRO.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), code)
        got = functions(code)
        if got != want:
            print(f"check_sizes self-test: {text!r}: found {got}, want {want}")
            failed += 1
    print(f"check_sizes self-test: {len(samples) - failed} of {len(samples)} samples as expected")
    return 1 if failed else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2])
    src = root / "src"
    files = sorted(p for p in src.rglob("*") if p.suffix in (".h", ".cpp"))
    if len(files) < 100:
        print(f"check_sizes: only {len(files)} sources under {src}; wrong root?")
        return 2
    pending = pending_list(pathlib.Path(__file__).resolve().parent / "size_pending.txt")
    problems = [p for f in files for p in check(f, f.relative_to(root))]
    breaches = [text for file, name, text in problems if (file, name) not in pending]
    for file, name, text in problems:
        if (file, name) in pending:
            print(f"pending: {text}")
    for file, name in sorted(pending - {(file, name) for file, name, _ in problems}):
        print(f"note: {file} {name} is within the rule now; remove it from size_pending.txt")
    for text in breaches:
        print(text)
    if breaches:
        print(f"check_sizes: {len(breaches)} over the size rule in {len(files)} files")
        return 1
    print(f"check_sizes: {len(files)} files, none over {MAX_FILE_LINES} lines and no function over "
          f"{MAX_FUNCTION_LINES} but those marked long" + (f" or pending ({len(pending)})" if pending else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
