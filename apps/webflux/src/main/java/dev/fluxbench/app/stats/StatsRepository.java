package dev.fluxbench.app.stats;

import java.time.LocalDate;

import dev.fluxbench.app.system.DatabaseTimestamps;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;

/**
 * What the statistics page reads from the database, in plain SQL: the page owns no
 * entity, and the {@code ingestion} table belongs to the ingestion feature.
 */
@Repository
class StatsRepository {

	private final DatabaseClient db;

	private final DatabaseTimestamps timestamps;

	StatsRepository(DatabaseClient db) {
		this.db = db;
		this.timestamps = DatabaseTimestamps.of(db.getConnectionFactory());
	}

	Mono<Long> countUnits() {
		return this.db.sql("select count(*) from unit").map((row) -> row.get(0, Long.class)).one();
	}

	/**
	 * The newest first; the id breaks a tie between two that started in the same instant.
	 * LINES is a reserved word in MariaDB, but not after a table's name: qualified, the
	 * column needs no quotes, which H2 would take for another name.
	 */
	Flux<RecentIngestion> lastIngestions(int limit) {
		return this.db.sql("""
				select partner, delta_day, status, started_at, finished_at, ingestion.lines, accepted, rejected
				from ingestion order by started_at desc, id desc limit :limit""")
			.bind("limit", limit)
			.map((row) -> new RecentIngestion(row.get("partner", String.class), row.get("delta_day", LocalDate.class),
					row.get("status", String.class), this.timestamps.read(row, "started_at"),
					this.timestamps.read(row, "finished_at"), row.get("lines", Integer.class),
					row.get("accepted", Integer.class), row.get("rejected", Integer.class)))
			.all();
	}

}
