package dev.fluxbench.app.stats;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * What the statistics page reads from the database, in plain SQL: the page owns no
 * entity, and the {@code ingestion} table belongs to the ingestion feature.
 */
@Repository
@Transactional(readOnly = true)
class StatsRepository {

	private final JdbcClient jdbc;

	StatsRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	long countUnits() {
		return this.jdbc.sql("select count(*) from unit").query(Long.class).single();
	}

	/**
	 * The newest first; the id breaks a tie between two that started in the same instant.
	 * LINES is a reserved word in MariaDB, but not after a table's name: qualified, the
	 * column needs no quotes, which H2 would take for another name.
	 */
	List<RecentIngestion> lastIngestions(int limit) {
		return this.jdbc.sql("""
				select partner, delta_day, status, started_at, finished_at, ingestion.lines, accepted, rejected
				from ingestion order by started_at desc, id desc limit :limit""")
			.param("limit", limit)
			.query((row, number) -> new RecentIngestion(row.getString("partner"),
					row.getObject("delta_day", LocalDate.class), row.getString("status"),
					row.getObject("started_at", OffsetDateTime.class),
					row.getObject("finished_at", OffsetDateTime.class), row.getInt("lines"), row.getInt("accepted"),
					row.getInt("rejected")))
			.list();
	}

}
