import { describe, expect, it } from "vitest";
import { pythonModulePathDetector } from "../../../extractors/services/python-paths.js";

const found = (text: string) =>
  pythonModulePathDetector
    .detect({ path: "config/settings/base.py", text })
    .map((d) => [d.key.name, d.line, d.via]);

describe("dotted module paths in Python settings", () => {
  it("reads the engine, cache and storage backends a Django settings module chooses", () => {
    const settings = [
      "DATABASES = {",
      '    "default": {"ENGINE": "django.db.backends.postgresql", "NAME": "app"},',
      "}",
      'CACHES = {"default": {"BACKEND": "django_redis.cache.RedisCache"}}',
      'STORAGES = {"default": {"BACKEND": "storages.backends.s3boto3.S3Boto3Storage"}}',
    ].join("\n");
    expect(found(settings)).toEqual([
      ["django.db.backends.postgresql", 2, "config"],
      ["django_redis.cache.RedisCache", 4, "config"],
      ["storages.backends.s3boto3.S3Boto3Storage", 5, "config"],
    ]);
  });

  it("reads no two-part name, host name in a URL, comment or capitalised first part", () => {
    expect(
      found(
        'a = "os.path"\nb = "https://api.stripe.com/v1"\n# "django.db.backends.mysql"\nc = "Foo.bar.baz"',
      ),
    ).toEqual([]);
  });
});

describe("which Python modules are settings", () => {
  it.each([
    ["saleor/settings.py", true],
    ["config/settings/production.py", true],
    ["app/celeryconfig.py", true],
    ["kitsune/test_settings.py", true],
    ["myapp/config/base.py", true],
    ["myapp/views.py", false],
    ["myapp/settings_helpers/forms.py", false],
  ])("%s: %s", (path, expected) => {
    expect(pythonModulePathDetector.matches(path)).toBe(expected);
  });
});
