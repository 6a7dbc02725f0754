package com.quillmark.analytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MinuteAggregatorTest {

    private final MinuteAggregator aggregator = new MinuteAggregator();

    @Test
    void countsViewsPerSiteAndMinute() {
        aggregator.add(new PageView("site-a", "/", Instant.parse("2024-06-01T10:15:05Z")));
        aggregator.add(new PageView("site-a", "/about", Instant.parse("2024-06-01T10:15:59Z")));
        aggregator.add(new PageView("site-a", "/", Instant.parse("2024-06-01T10:16:00Z")));
        aggregator.add(new PageView("site-b", "/", Instant.parse("2024-06-01T10:15:30Z")));

        Map<MinuteAggregator.Key, Long> counts = aggregator.drain();

        assertEquals(2L, counts.get(new MinuteAggregator.Key("site-a", Instant.parse("2024-06-01T10:15:00Z"))));
        assertEquals(1L, counts.get(new MinuteAggregator.Key("site-a", Instant.parse("2024-06-01T10:16:00Z"))));
        assertEquals(1L, counts.get(new MinuteAggregator.Key("site-b", Instant.parse("2024-06-01T10:15:00Z"))));
    }

    @Test
    void drainStartsAgainFromEmpty() {
        aggregator.add(new PageView("site-a", "/", Instant.now()));
        aggregator.drain();
        assertTrue(aggregator.drain().isEmpty());
    }
}
