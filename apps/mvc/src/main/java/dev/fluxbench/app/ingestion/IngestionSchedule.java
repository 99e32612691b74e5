package dev.fluxbench.app.ingestion;

import java.time.LocalDate;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

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

	@Scheduled(cron = "${fluxbench.ingestion.schedule}", zone = "UTC")
	void ingestYesterday() {
		LocalDate yesterday = IngestionRules.today().minusDays(1);
		for (String partner : this.properties.partners()) {
			try {
				this.ingestions.ingest(partner, yesterday);
			}
			catch (RuntimeException ex) {
				// The database failed outside a file's ingestion; the other partners may
				// still be served.
				logger.error("Scheduled ingestion of " + partner + " for " + yesterday + " failed", ex);
			}
		}
	}

}
