package dev.fluxbench.app.ingestion;

import java.net.URI;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;

import dev.fluxbench.app.client.PooledClientProperties;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Where the partners' delta files come from, when they are fetched and how they are
 * stored. The values live in {@code fluxbench-defaults.yaml}, which both apps import, so
 * that /actuator/info shows what was in force.
 *
 * @param baseUrl the file server; a partner's file for a day is
 * {@code {baseUrl}/partners/{partner}/deltas/{day}.jsonl}
 * @param partners the partners whose files may be ingested, and whom the schedule ingests
 * @param schedule a cron expression in UTC for ingesting yesterday's files, or {@code -}
 * for never
 * @param batchSize how many lines are stored per database round trip and transaction
 * @param connectTimeout how long to wait for a TCP connection to the file server
 * @param readTimeout how long the file server may stay silent, before the answer or
 * within it
 */
@Validated
@ConfigurationProperties("fluxbench.ingestion")
record IngestionProperties(@NotNull URI baseUrl, @NotEmpty List<@NotBlank String> partners, @NotBlank String schedule,
		@Min(1) @Max(10_000) int batchSize, @NotNull Duration connectTimeout, @NotNull Duration readTimeout) {

	/**
	 * The download's client: one connection per partner, all the schedule ever uses at
	 * once. Downloads beyond those wait for a connection as Reactor Netty's pool lets
	 * them by default, written out so that mvc's pool does the same: twice as many of
	 * them, for 45 seconds at most.
	 */
	PooledClientProperties client() {
		int connections = this.partners.size();
		return new PooledClientProperties(this.baseUrl, this.connectTimeout, this.readTimeout, connections,
				2 * connections, Duration.ofSeconds(45));
	}

	URI fileUrl(String partner, LocalDate day) {
		String base = this.baseUrl.toString();
		return URI.create((base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + "/partners/" + partner
				+ "/deltas/" + day + ".jsonl");
	}

}
