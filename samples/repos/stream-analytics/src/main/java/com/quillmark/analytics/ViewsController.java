package com.quillmark.analytics;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

@RestController
@RequestMapping("/api/sites")
public class ViewsController {

    private final ViewCountRepository repository;

    public ViewsController(ViewCountRepository repository) {
        this.repository = repository;
    }

    @GetMapping("/{siteId}/views")
    public Map<String, Object> views(@PathVariable String siteId, @RequestParam(defaultValue = "60") int minutes) {
        if (minutes < 1 || minutes > 1440) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "minutes must be between 1 and 1440");
        }
        Instant since = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(minutes, ChronoUnit.MINUTES);
        return Map.of("siteId", siteId, "minutes", minutes, "views", repository.viewsSince(siteId, since));
    }
}
