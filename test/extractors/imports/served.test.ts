import { describe, expect, it } from "vitest";
import { libraryNames, servedLibraryDetector } from "../../../extractors/imports/served.js";

const found = (path: string, text: string) =>
  servedLibraryDetector.detect({ path, text }).map((d) => [d.key.name, d.line]);

describe("libraries a page loads", () => {
  it("names a CDN's npm package, scoped or not, with or without a version", () => {
    expect(
      libraryNames("https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/js/bootstrap.bundle.min.js"),
    ).toEqual(["bootstrap"]);
    expect(libraryNames("https://unpkg.com/@popperjs/core@2/dist/umd/popper.min.js")).toEqual([
      "@popperjs/core",
    ]);
    expect(libraryNames("https://cdnjs.cloudflare.com/ajax/libs/jquery/3.7.1/jquery.min.js")).toEqual([
      "jquery",
    ]);
    expect(libraryNames("https://esm.sh/preact@10.19.2")).toEqual(["preact"]);
  });

  it("names a local file's library by its name without version, build or extension", () => {
    expect(libraryNames("/static/js/lib/jquery-3.7.1.slim.min.js")).toEqual([
      "jquery",
      "jquery.js",
      "jquery.org",
    ]);
    expect(libraryNames("{{ url_for('static', filename='js/chart.min.js') }}")).toEqual([
      "chart",
      "chart.js",
      "chart.org",
    ]);
    expect(libraryNames("vendor/htmx.2.0.1.min.js")).toEqual(["htmx", "htmx.js", "htmx.org"]);
    expect(libraryNames("/js/app.js")).toEqual([]);
    expect(libraryNames("/css/main.min.css?v=3")).toEqual([]);
  });

  it("reads script and stylesheet references in templates, in order, once each", () => {
    const html = [
      "<!doctype html>",
      '<link rel="stylesheet" href="/static/css/bootstrap.css">',
      '<script src="/static/scripts/jquery-4.0.0.slim.js"></script>',
      "<script src='/static/scripts/bootstrap.bundle.js' defer></script>",
      '<script src="/js/app.js"></script>',
      "<script>const inline = true;</script>",
    ].join("\n");
    expect(found("src/static/templates/admin/base.hbs", html)).toEqual([
      ["bootstrap", 2],
      ["bootstrap.js", 2],
      ["bootstrap.org", 2],
      ["jquery", 3],
      ["jquery.js", 3],
      ["jquery.org", 3],
    ]);
    expect(servedLibraryDetector.matches("templates/index.html")).toBe(true);
    expect(servedLibraryDetector.matches("src/app.ts")).toBe(false);
  });

  it("names a vendor's own script by its host, beside the library its file name gives", () => {
    const html = [
      '<script src="https://js.stripe.com/v3/"></script>',
      '<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>',
      '<script src="//code.jquery.com/jquery-3.7.1.min.js"></script>',
    ].join("\n");
    expect(
      servedLibraryDetector
        .detect({ path: "templates/base.html", text: html })
        .map((d) => [d.key.space, d.key.name, d.line]),
    ).toEqual([
      ["host", "js.stripe.com", 1],
      ["host", "www.googletagmanager.com", 2],
      ["npm", "jquery", 3],
      ["npm", "jquery.js", 3],
      ["npm", "jquery.org", 3],
      ["host", "code.jquery.com", 3],
    ]);
  });
});
