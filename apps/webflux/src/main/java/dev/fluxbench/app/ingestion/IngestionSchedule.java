package dev.fluxbench.app.ingestion;

import java.time.LocalDate;

import dev.fluxbench.contract.unit.IngestionDto;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * Ingests yesterday's file of every configured partner, one partner after the other, on
 * {@code fluxbench.ingestion.schedule} (UTC); {@code -} switches it off, as benchmarks do
 * so that no ingestion competes with the load.
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class IngestionSchedule {

	private static final Log logger = LogFactory.getLog(IngestionSchedule.class);

	private final IngestionService ingestions;

	private final IngestionProperties properties;

	IngestionSchedule(IngestionService ingestions, IngestionProperties properties) {
		this.ingestions = ingestions;
		this.properties = properties;
	}

	// Spring subscribes to the Flux on every trigger.
	@Scheduled(cron = "${fluxbench.ingestion.schedule}", zone = "UTC")
	Flux<IngestionDto> ingestYesterday() {
		LocalDate yesterday = IngestionRules.today().minusDays(1);
		return Flux.fromIterable(this.properties.partners())
			.concatMap((partner) -> this.ingestions.ingest(partner, yesterday).onErrorResume((ex) -> {
				// The database failed outside a file's ingestion; the other partners may
				// still be served.
				logger.error("Scheduled ingestion of " + partner + " for " + yesterday + " failed", ex);
				return Mono.empty();
			}));
	}

}
