package com.quillmark.analytics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/** Periodically moves the in-memory counts into Postgres and raises spike alerts. */
@Component
public class MinuteFlusher {

    private final MinuteAggregator aggregator;
    private final ViewCountRepository repository;
    private final SpikeAlerter alerter;
    private final Timer flushTimer;

    public MinuteFlusher(MinuteAggregator aggregator, ViewCountRepository repository, SpikeAlerter alerter,
                         MeterRegistry registry) {
        this.aggregator = aggregator;
        this.repository = repository;
        this.alerter = alerter;
        this.flushTimer = Timer.builder("analytics.flush").description("Time to write one batch").register(registry);
    }

    @Scheduled(fixedDelayString = "${analytics.flush-interval:PT30S}")
    public void flush() {
        Map<MinuteAggregator.Key, Long> batch = aggregator.drain();
        if (batch.isEmpty()) {
            return;
        }
        flushTimer.record(() -> batch.forEach((key, views) -> {
            repository.add(key.siteId(), key.minute(), views);
            alerter.maybeAlert(key.siteId(), key.minute(), views);
        }));
    }
}
