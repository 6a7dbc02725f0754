CREATE TABLE IF NOT EXISTS page_view_minutes (
    site_id text        NOT NULL,
    minute  timestamptz NOT NULL,
    views   bigint      NOT NULL,
    PRIMARY KEY (site_id, minute)
);
