import { beforeAll, describe, expect, it } from "vitest";
import { readImportStatements } from "../../../extractors/imports/python-statements.js";
import { initPython, pythonHits, treeSitterHits } from "../../../extractors/imports/python.js";

beforeAll(() => initPython());

/** Each statement as `[its text, [module, line]...]`. */
function read(text: string): [string, ...[string, number][]][] | undefined {
  const lineOf = (at: number) => text.slice(0, at).split("\n").length;
  return readImportStatements(text)?.map(({ start, end, modules }) => [
    text.slice(start, end),
    ...modules.map(({ name, at }): [string, number] => [name, lineOf(at)]),
  ]);
}

type Case = [name: string, code: string, expected: [string, ...[string, number][]][]];

const read_: Case[] = [
  ["plain", "import os\n", [["import os", ["os", 1]]]],
  [
    "dotted, aliased and several names; a comma without a space",
    "import a.b.c as d,e ,  f  # trailing\n",
    [["import a.b.c as d,e ,  f", ["a.b.c", 1], ["e", 1], ["f", 1]]],
  ],
  [
    "a from import, parenthesised over lines with comments and a trailing comma",
    "from x.y import (  # why\n    a as b,  # c\n    d,\n)\nz = 1",
    [["from x.y import (  # why\n    a as b,  # c\n    d,\n)", ["x.y", 1]]],
  ],
  [
    "backslash continuations place the module on its own line",
    "import a, \\\n    b\nfrom \\\n  c import d",
    [
      ["import a, \\\n    b", ["a", 1], ["b", 2]],
      ["from \\\n  c import d", ["c", 4]],
    ],
  ],
  [
    "relative, __future__ and star imports are statements without modules but the star's",
    "from . import a\nfrom .m import (b)\nfrom ...p.q import c\nfrom __future__ import annotations\nfrom m import *",
    [
      ["from . import a"],
      ["from .m import (b)"],
      ["from ...p.q import c"],
      ["from __future__ import annotations"],
      ["from m import *", ["m", 5]],
    ],
  ],
  [
    "one-line compound statements and semicolons",
    "if TYPE_CHECKING: from t import T\ntry: import ujson as json\nexcept ImportError: import json; import os",
    [
      ["from t import T", ["t", 1]],
      ["import ujson as json", ["ujson", 2]],
      ["import json", ["json", 3]],
      ["import os", ["os", 3]],
    ],
  ],
  [
    "strings, f-strings, bytes, docstrings and comments hide nothing and fake nothing",
    [
      `'''import a'''`,
      `"""from b import c\n\\"\n"""`,
      `s = rb'import \\' d' + f"{x!r:>{w}} {{import e}}" + "#"`,
      `t = ("import f"  # import g`,
      `     "h")`,
      `def f():`,
      `    """Doc."""`,
      `    from yield_ import i  # from j import k`,
      `x = yield from y`,
      `raise E from e`,
      `import z`,
    ].join("\n"),
    [
      ["from yield_ import i", ["yield_", 10]],
      ["import z", ["z", 13]],
    ],
  ],
  [
    "CRLF line breaks and a byte order mark",
    "\uFEFFimport a\r\nfrom b import (c,\r\n d)\r\n",
    [
      ["import a", ["a", 1]],
      ["from b import (c,\r\n d)", ["b", 2]],
    ],
  ],
  [
    "loader calls with one plain string first, as tree-sitter's query reads them",
    [
      `m = importlib.import_module("celery.app")`,
      `import_module('kombu', package)`,
      `__import__("os").path`,
      `importlib.import_module(`,
      `    "x.y",  # why`,
      `)`,
      `import_module("a", pkg=__import__("b"))`,
    ].join("\n"),
    [
      ['importlib.import_module("celery.app")', ["celery.app", 1]],
      ["import_module('kombu', package)", ["kombu", 2]],
      ['__import__("os")', ["os", 3]],
      ['importlib.import_module(\n    "x.y",  # why\n)', ["x.y", 5]],
      ['import_module("a", pkg=__import__("b"))', ["a", 7]],
      ['__import__("b")', ["b", 7]],
    ],
  ],
  [
    "loader calls whose first argument is no plain string, and look-alike calls",
    [
      `import_module("a" "b")`,
      `import_module(b"x", f"p.{x}", r"y")`,
      `import_module("""a""")`,
      `import_module("a\\.b")`,
      `import_module(("a"))`,
      `import_module(name)`,
      `x.import_module("no")`,
      `os.importlib.import_module("no")`,
      `my_import_module("no")`,
    ].join("\n"),
    [
      ['import_module("a" "b")'],
      ['import_module(b"x", f"p.{x}", r"y")'],
      ['import_module("""a""")'],
      ['import_module("a\\.b")'],
      ['import_module(("a"))'],
      ["import_module(name)"],
    ],
  ],
  ["no imports", "x = {'a': [1, 2], 'b': (3,)}\nprint(x)\n", []],
];

describe("readImportStatements", () => {
  it.each(read_)("%s", (_name, code, expected) => {
    expect(read(code)).toEqual(expected);
  });

  // Where it is unsure, tree-sitter reads the file.
  it.each([
    ["an unterminated string", `x = "abc\nimport os`],
    ["an unterminated triple-quoted string", `x = """abc\nimport os`],
    ["an unclosed bracket", `x = (1,\nimport os`],
    ["a stray closing bracket", `x = 1)\nimport os`],
    ["import where no statement starts", `x = import os`],
    ["a backslash not before a line break", `x = 1 \\ 2`],
    ["a lone carriage return", `import a\rimport b`],
    ["a backtick (Python 2)", "x = `y`"],
    ["an unknown string prefix (Python 2 ur'')", `x = ur"abc"`],
    ["an f-string with the same quotes nested (Python 3.12)", `x = f"{d["k"]}"`],
    ["an f-string with an unmatched brace", `x = f"{a"`],
    ["white space inside a dotted name", `import a . b`],
    ["a keyword as a module", `import class`],
    ["print (a Python 2 keyword to tree-sitter) as a module", `import print`],
    ["import glued to a bracket", `import(a)`],
    ["a trailing comma outside brackets", `import a,\n`],
    ["from without import", `from a imp b`],
    ["a dotted name in a from list", `from a import b.c`],
    ["an empty bracketed list", `from a import ()`],
    ["a no-break space outside a string", `import\u00a0a`],
    ["a question mark", `x = a ? b : c`],
    ["a mismatched bracket", `x = (1]`],
    ["white space between a loader and its call", `import_module ("a")`],
    ["a comment before a loader's first argument", `import_module(  # c\n"a")`],
    ["a loader called in an f-string", `x = f"{import_module('a')}"`],
  ])("is unsure of %s", (_name, code) => {
    expect(readImportStatements(code)).toBeUndefined();
  });
});

describe("pythonHits reads as tree-sitter does", () => {
  const lineOf = (row: number) => row + 1;
  it.each([
    ...read_.map(([name, code]) => [name, code]),
    ["a loader call", `import importlib\nm = importlib.import_module("a.b")`],
  ])("%s", (_name, code) => {
    expect(pythonHits(code, lineOf)).toEqual(treeSitterHits(code, lineOf, 0));
  });

  it("keeps the notebook's offset and skips rows without a line", () => {
    const code = "import a\n\nimport b";
    const rows = (row: number) => (row === 0 ? 7 : undefined);
    expect(pythonHits(code, rows, 1e9)).toEqual([
      { name: "a", at: 1e9, detail: "import a", line: 7 },
      { name: "b", at: 1e9 + 10, detail: "import b" },
    ]);
    expect(treeSitterHits(code, rows, 1e9)).toEqual(pythonHits(code, rows, 1e9));
  });

  it("drops a name with non-ASCII letters, as tree-sitter's reading does", () => {
    const code = "import módulo, ok\n";
    expect(pythonHits(code, lineOf)).toEqual([{ name: "ok", at: 0, detail: "import módulo, ok", line: 1 }]);
    expect(treeSitterHits(code, lineOf, 0)).toEqual(pythonHits(code, lineOf));
  });
});
