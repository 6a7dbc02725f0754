package com.quillmark.analytics;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.scheduling.annotation.EnableScheduling;

@SpringBootApplication
@EnableScheduling
public class StreamAnalyticsApplication {

    public static void main(String[] args) {
        SpringApplication.run(StreamAnalyticsApplication.class, args);
    }
}
