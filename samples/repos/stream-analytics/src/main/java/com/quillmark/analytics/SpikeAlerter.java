package com.quillmark.analytics;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.SendMessageRequest;

/** Sends a message to the alerts queue when a site's views in one minute pass the threshold. */
@Component
public class SpikeAlerter {

    private final SqsClient sqs;
    private final ObjectMapper mapper;
    private final String queueUrl;
    private final long threshold;

    public SpikeAlerter(SqsClient sqs, ObjectMapper mapper,
                        @Value("${analytics.alerts.queue-url}") String queueUrl,
                        @Value("${analytics.alerts.views-per-minute:5000}") long threshold) {
        this.sqs = sqs;
        this.mapper = mapper;
        this.queueUrl = queueUrl;
        this.threshold = threshold;
    }

    public boolean maybeAlert(String siteId, Instant minute, long views) {
        if (views < threshold || queueUrl.isBlank()) {
            return false;
        }
        try {
            String body = mapper.writeValueAsString(Map.of("siteId", siteId, "minute", minute.toString(), "views", views));
            sqs.sendMessage(SendMessageRequest.builder().queueUrl(queueUrl).messageBody(body).build());
            return true;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not serialise alert", e);
        }
    }
}
