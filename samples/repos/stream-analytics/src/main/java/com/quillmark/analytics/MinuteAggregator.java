package com.quillmark.analytics;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/** Counts page views per site and minute in memory until the next flush. */
@Component
public class MinuteAggregator {

    public record Key(String siteId, Instant minute) {
    }

    private final Map<Key, Long> counts = new HashMap<>();

    public synchronized void add(PageView view) {
        Instant minute = view.occurredAt().truncatedTo(ChronoUnit.MINUTES);
        counts.merge(new Key(view.siteId(), minute), 1L, Long::sum);
    }

    /** Returns everything counted since the last drain and starts again from empty. */
    public synchronized Map<Key, Long> drain() {
        Map<Key, Long> snapshot = new HashMap<>(counts);
        counts.clear();
        return snapshot;
    }
}
