package com.quillmark.analytics;

import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class ViewCountRepository {

    private final JdbcClient jdbc;

    public ViewCountRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Adds to the stored count: a minute can be flushed more than once if views arrive late. */
    public void add(String siteId, Instant minute, long views) {
        jdbc.sql("""
                INSERT INTO page_view_minutes (site_id, minute, views)
                VALUES (:site, :minute, :views)
                ON CONFLICT (site_id, minute)
                DO UPDATE SET views = page_view_minutes.views + EXCLUDED.views
                """)
                .param("site", siteId)
                .param("minute", Timestamp.from(minute))
                .param("views", views)
                .update();
    }

    public long viewsSince(String siteId, Instant since) {
        return jdbc.sql("SELECT COALESCE(SUM(views), 0) FROM page_view_minutes WHERE site_id = :site AND minute >= :since")
                .param("site", siteId)
                .param("since", Timestamp.from(since))
                .query(Long.class)
                .single();
    }
}
