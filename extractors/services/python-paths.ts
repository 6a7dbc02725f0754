// Python settings name the modules a project runs by dotted strings: Django's
// `"ENGINE": "django.db.backends.postgresql"`, `"BACKEND": "storages.backends.s3boto3.S3Boto3Storage"`,
// `"django_redis.cache.RedisCache"`, Celery's `"myapp.tasks"`. Such a string of three or more parts in a
// settings module (`settings.py`, `settings/production.py`, `celeryconfig.py`, `config/*.py`) is read as an
// import of that path (`import:python`), so the catalog's module keys find the database, the storage
// backend and the cache a configuration chooses. Other modules' dotted strings are left alone: they are
// mostly logger names, mock targets and messages.
import { hasExtension } from "../imports/common.js";
import type { FileDetector } from "../types.js";
import { textDetections } from "../text-hits.js";

const SETTINGS_MODULE =
  /(?:^|\/)(?:settings|config|conf|configs)\/[^/]+\.py$|(?:^|[/_])(?:settings|config|conf|celeryconfig)\.py$/i;
const DOTTED_STRING = /(['"])([a-z_][a-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*){2,})\1/g;

export const pythonModulePathDetector: FileDetector = {
  id: "services:python-module-paths",
  matches: (path) => hasExtension(path, [".py"]) && SETTINGS_MODULE.test(path),
  detect(file) {
    const hits = [...file.text.matchAll(DOTTED_STRING)].map((m) => ({
      key: { space: "import:python", name: m[2] ?? "" },
      at: m.index,
    }));
    return textDetections(file.text, hits, "config", { python: true });
  },
};
