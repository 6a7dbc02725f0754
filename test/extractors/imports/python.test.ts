import { beforeAll, describe, expect, it } from "vitest";
import { notebookImportDetector } from "../../../extractors/imports/notebook.js";
import { pythonImportDetector } from "../../../extractors/imports/python.js";
import { ParseError } from "../../../extractors/types.js";
import { keysAndLines, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(pythonImportDetector, notebookImportDetector));

type Case = [name: string, code: string, expected: [string, number][]];

const cases: Case[] = [
  ["dotted import", `import google.cloud.storage\n`, [["google.cloud.storage", 1]]],
  [
    "aliases and several names",
    `import numpy as np, pandas\nimport boto3 as b`,
    [
      ["numpy", 1],
      ["pandas", 1],
      ["boto3", 2],
    ],
  ],
  ["from import reports the module", `from sqlalchemy.orm import Session\n`, [["sqlalchemy.orm", 1]]],
  [
    "parenthesised multiline from import",
    `x = 1\nfrom fastapi import (a,\n    b,\n)\nfrom django.db import \\\n    models`,
    [
      ["fastapi", 2],
      ["django.db", 5],
    ],
  ],
  [
    "relative imports and __future__ are skipped",
    `from . import sibling\nfrom .mod import y\nfrom ..pkg.mod import z\nfrom __future__ import annotations\nimport requests`,
    [["requests", 5]],
  ],
  [
    "imports inside functions, try blocks and conditionals count",
    `def f():\n    import redis\n\ntry:\n    import ujson as json\nexcept ImportError:\n    import json\nif TYPE_CHECKING:\n    from mypy_boto3_s3 import S3Client`,
    [
      ["redis", 2],
      ["ujson", 5],
      ["json", 7],
      ["mypy_boto3_s3", 9],
    ],
  ],
  [
    "comments, strings and docstrings are not imports",
    `"""Module docstring.\n\nimport fake_in_docstring\n"""\n# import fake_in_comment\ns = "import fake_in_string"\nt = '''from fake_triple import x'''\ndef g():\n    """from fake_doc import y"""\nimport real`,
    [["real", 10]],
  ],
  [
    "importlib with a literal, not with f-strings or relative names",
    `import importlib\nmod = importlib.import_module("celery.app")\nimport_module("kombu")\n__import__('yaml')\nimportlib.import_module(f"plugins.{name}")\nimportlib.import_module(".sub", __package__)\nimportlib.import_module(name)`,
    [
      ["importlib", 1],
      ["celery.app", 2],
      ["kombu", 3],
      ["yaml", 4],
    ],
  ],
  [
    "the same module twice keeps the first line",
    `import os\nimport boto3\nfrom boto3 import client`,
    [
      ["os", 1],
      ["boto3", 2],
    ],
  ],
  [
    "Python 2 syntax does not hide imports",
    `import urllib2\nprint "hello"\nexec "code"\nimport MySQLdb`,
    [
      ["urllib2", 1],
      ["MySQLdb", 4],
    ],
  ],
  [
    "CRLF and BOM",
    `\uFEFFimport a\r\n\r\nfrom b.c import d\r\n`,
    [
      ["a", 1],
      ["b.c", 3],
    ],
  ],
];

describe("Python imports", () => {
  it.each(cases)("%s", (_name, code, expected) => {
    expect(keysAndLines(pythonImportDetector, "app/main.py", code)).toEqual(expected);
  });

  it("reports space import:python, via import and the statement as detail", () => {
    expect(pythonImportDetector.detect({ path: "a.py", text: `from x.y import (\n  a,\n  b)` })).toEqual([
      {
        key: { space: "import:python", name: "x.y" },
        line: 1,
        via: "import",
        detail: "from x.y import ( a, b)",
      },
    ]);
  });

  it("reads the members of a namespace package: from google.cloud import storage is google.cloud.storage", () => {
    const code = [
      "from google.cloud import storage, pubsub_v1 as pubsub",
      "from azure.storage import blob",
      "from google.cloud import (  # the clients",
      "    firestore,",
      "    secretmanager,",
      ")",
      "from flask import Flask, request",
    ].join("\n");
    expect(keysAndLines(pythonImportDetector, "app/main.py", code)).toEqual([
      ["google.cloud.storage", 1],
      ["google.cloud.pubsub_v1", 1],
      ["azure.storage.blob", 2],
      ["google.cloud.firestore", 3],
      ["google.cloud.secretmanager", 3],
      ["flask", 7],
    ]);
  });

  it.each([
    ["app/main.py", true],
    ["app/stubs.pyi", false],
    ["app/main.pyc", false],
    ["nb/a.ipynb", false],
  ])("matches(%s) is %s", (path, expected) => {
    expect(pythonImportDetector.matches(path)).toBe(expected);
  });
});

/** A notebook as Jupyter writes it: one JSON array element per source line. */
function notebook(cells: { type: string; source: string[] }[], language = "python"): string {
  const json = {
    cells: cells.map((cell) => ({ cell_type: cell.type, metadata: {}, outputs: [], source: cell.source })),
    metadata: { kernelspec: { language, name: "python3" } },
    nbformat: 4,
    nbformat_minor: 5,
  };
  return JSON.stringify(json, null, 1);
}

describe("Jupyter notebook imports", () => {
  it("reports code-cell imports with lines in the .ipynb file, skipping magics and markdown", () => {
    const text = notebook([
      { type: "markdown", source: ["import not_code\n"] },
      {
        type: "code",
        source: ["%matplotlib inline\n", "!pip install torch\n", "import pandas as pd\n", "import numpy"],
      },
      { type: "code", source: ["%%bash\n", "import not_python\n"] },
      { type: "code", source: ["def f():\n", "    from sklearn.model_selection import train_test_split\n"] },
    ]);
    const lines = text.split("\n");
    const lineOf = (needle: string) => lines.findIndex((line) => line.includes(needle)) + 1;
    expect(keysAndLines(notebookImportDetector, "nb/analysis.ipynb", text)).toEqual([
      ["pandas", lineOf('"import pandas')],
      ["numpy", lineOf('"import numpy')],
      ["sklearn.model_selection", lineOf('"    from sklearn')],
      ["jupyter", 1],
    ]);
  });

  it("accepts a cell source stored as one string", () => {
    const text = JSON.stringify({ cells: [{ cell_type: "code", source: "import a\nimport b\n" }] });
    expect(keysAndLines(notebookImportDetector, "n.ipynb", text)).toEqual([
      ["a", 1],
      ["b", undefined],
      ["jupyter", 1],
    ]);
  });

  it("reads no imports from notebooks of other kernels, only that the file is Jupyter's", () => {
    expect(
      keysAndLines(
        notebookImportDetector,
        "n.ipynb",
        notebook([{ type: "code", source: ["library(dplyr)"] }], "R"),
      ),
    ).toEqual([["jupyter", 1]]);
  });

  it("reports Jupyter as the notebook's own tool, from its first line", () => {
    const [jupyter] = notebookImportDetector
      .detect({ path: "n.ipynb", text: notebook([]) })
      .filter((d) => d.key.space === "tool");
    expect(jupyter).toEqual({
      key: { space: "tool", name: "jupyter" },
      via: "config",
      detail: "Jupyter notebook",
      line: 1,
    });
  });

  it("throws ParseError for invalid JSON", () => {
    expect(() => notebookImportDetector.detect({ path: "n.ipynb", text: "{ not json" })).toThrow(ParseError);
  });
});
