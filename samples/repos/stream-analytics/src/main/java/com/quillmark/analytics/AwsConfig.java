package com.quillmark.analytics;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.sqs.SqsClient;

@Configuration
public class AwsConfig {

    /** Region and credentials come from the default provider chain (env vars or the task role). */
    @Bean(destroyMethod = "close")
    SqsClient sqsClient() {
        return SqsClient.create();
    }
}
