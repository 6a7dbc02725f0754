package com.quillmark.analytics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.mock.mockito.MockBean;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.kafka.core.KafkaTemplate;
import org.testcontainers.containers.KafkaContainer;
import org.testcontainers.containers.PostgreSQLContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;
import software.amazon.awssdk.services.sqs.SqsClient;

@SpringBootTest(properties = {
        "analytics.topic.replicas=1",
        "analytics.flush-interval=PT1S",
        "analytics.alerts.queue-url="
})
@Testcontainers
class PipelineIntegrationTest {

    @Container
    @ServiceConnection
    static KafkaContainer kafka = new KafkaContainer(DockerImageName.parse("confluentinc/cp-kafka:7.6.1"));

    @Container
    @ServiceConnection
    static PostgreSQLContainer<?> postgres = new PostgreSQLContainer<>("postgres:16-alpine");

    @MockBean
    SqsClient sqs;

    @Autowired
    KafkaTemplate<String, String> kafkaTemplate;

    @Autowired
    ViewCountRepository repository;

    @Test
    void pageViewsFromKafkaEndUpInPostgres() throws Exception {
        Instant now = Instant.now();
        String json = "{\"siteId\":\"site-it\",\"path\":\"/\",\"occurredAt\":\"" + now + "\"}";
        for (int i = 0; i < 3; i++) {
            kafkaTemplate.send(KafkaTopicsConfig.PAGE_VIEWS, "site-it", json);
        }

        Instant since = now.minusSeconds(120);
        long deadline = System.currentTimeMillis() + 30_000;
        while (repository.viewsSince("site-it", since) < 3 && System.currentTimeMillis() < deadline) {
            Thread.sleep(500);
        }
        assertEquals(3L, repository.viewsSince("site-it", since));
    }
}
