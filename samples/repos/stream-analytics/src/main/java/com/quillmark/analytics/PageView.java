package com.quillmark.analytics;

import java.time.Instant;

/** One page view as published by the site's edge collector on the {@code page-views} topic. */
public record PageView(String siteId, String path, Instant occurredAt) {
}
