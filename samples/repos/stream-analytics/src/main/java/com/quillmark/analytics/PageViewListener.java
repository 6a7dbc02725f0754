package com.quillmark.analytics;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

@Component
public class PageViewListener {

    private static final Logger log = LoggerFactory.getLogger(PageViewListener.class);

    private final ObjectMapper mapper;
    private final MinuteAggregator aggregator;
    private final Counter consumed;
    private final Counter malformed;

    public PageViewListener(ObjectMapper mapper, MinuteAggregator aggregator, MeterRegistry registry) {
        this.mapper = mapper;
        this.aggregator = aggregator;
        this.consumed = Counter.builder("analytics.pageviews.consumed")
                .description("Page views read from Kafka")
                .register(registry);
        this.malformed = Counter.builder("analytics.pageviews.malformed")
                .description("Records that were not valid page-view JSON")
                .register(registry);
    }

    @KafkaListener(topics = KafkaTopicsConfig.PAGE_VIEWS, groupId = "stream-analytics")
    public void onMessage(ConsumerRecord<String, String> record) {
        try {
            aggregator.add(mapper.readValue(record.value(), PageView.class));
            consumed.increment();
        } catch (JsonProcessingException e) {
            malformed.increment();
            log.warn("Skipping malformed page view at partition {} offset {}", record.partition(), record.offset());
        }
    }
}
