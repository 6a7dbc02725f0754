package com.quillmark.analytics;

import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;

@Configuration
public class KafkaTopicsConfig {

    public static final String PAGE_VIEWS = "page-views";

    @Bean
    NewTopic pageViewsTopic(@Value("${analytics.topic.partitions:6}") int partitions,
                            @Value("${analytics.topic.replicas:3}") int replicas) {
        return TopicBuilder.name(PAGE_VIEWS).partitions(partitions).replicas(replicas).build();
    }
}
