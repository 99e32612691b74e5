package dev.fluxbench.app.ingestion;

import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.fluxbench.contract.unit.IngestionDto;
import dev.fluxbench.contract.unit.IngestionStatus;
import dev.fluxbench.contract.unit.RejectionDto;
import dev.fluxbench.contract.unit.UnitDto;
import dev.fluxbench.contract.unit.delta.DeltaLine;
import dev.fluxbench.contract.unit.delta.DeltaLine.Accepted;
import dev.fluxbench.contract.unit.delta.DeltaLine.Rejection;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The ingestion tables and the unit upsert, in SQL that H2 (PostgreSQL mode), PostgreSQL and
 * MariaDB run alike but for one quoted name ({@link IngestionRules#linesColumn}). A batch first
 * reads the stored versions of its ids, then inserts the absent units and updates the older ones in
 * two JDBC batches: that tells inserted from updated from unchanged exactly, which neither
 * {@code MERGE} nor {@code on conflict} nor {@code on duplicate key update} report, and none is
 * written the same way in every database. The update repeats the version test, so a unit changed
 * meanwhile by someone else is never set back.
 */
@Repository
class IngestionStore {

	// %s: the line count's column, IngestionRules.linesColumn(...).
	private static final String COLUMNS = """
			id, partner, delta_day, file_url, started_at, finished_at, status, %s, accepted, inserted, updated,
			unchanged, rejected, failure""";

	private static final String START = """
			insert into ingestion (partner, delta_day, file_url, started_at, status, %s, accepted, inserted,
			updated, unchanged, rejected) values (:partner, :day, :url, :startedAt, 'RUNNING', 0, 0, 0, 0, 0, 0)""";

	private static final String FINISH = """
			update ingestion set status = :status, finished_at = :finishedAt, %s = :lines, accepted = :accepted,
			inserted = :inserted, updated = :updated, unchanged = :unchanged, rejected = :rejected,
			failure = :failure where id = :id""";

	private static final String STORED = "select id, version, partner from unit where id in (:ids)";

	private static final String INSERT_UNIT = """
			insert into unit (id, partner, name, category, amount, currency, version, updated_at)
			values (:id, :partner, :name, :category, :amount, :currency, :version, :updatedAt)""";

	private static final String UPDATE_UNIT = """
			update unit set name = :name, category = :category, amount = :amount, currency = :currency,
			version = :version, updated_at = :updatedAt where id = :id and partner = :partner and version < :version""";

	private static final String INSERT_REJECTION = """
			insert into ingestion_rejection (ingestion_id, line_number, reason) values (:ingestion, :line, :reason)""";

	private final NamedParameterJdbcTemplate jdbc;

	private final JdbcClient client;

	private final TransactionTemplate transactions;

	private final String columns;

	private final String start;

	private final String finish;

	IngestionStore(NamedParameterJdbcTemplate jdbc, TransactionTemplate transactions) {
		this.jdbc = jdbc;
		this.client = JdbcClient.create(jdbc);
		this.transactions = transactions;
		String lines = IngestionRules.linesColumn(jdbc.getJdbcTemplate()
			.execute((Connection connection) -> connection.getMetaData().getDatabaseProductName()));
		this.columns = COLUMNS.formatted(lines);
		this.start = START.formatted(lines);
		this.finish = FINISH.formatted(lines);
	}

	long start(String partner, LocalDate day, URI fileUrl, Instant startedAt) {
		KeyHolder key = new GeneratedKeyHolder();
		this.client.sql(this.start)
			.param("partner", partner)
			.param("day", day)
			.param("url", fileUrl.toString())
			.param("startedAt", utc(startedAt))
			.update(key, "id");
		// A Number: MariaDB's driver gives a BigInteger, the others a Long.
		return key.getKey().longValue();
	}

	/** Stores one batch of lines in one transaction and counts what became of them. */
	void write(long ingestion, List<DeltaLine> lines, Tally tally) {
		this.transactions.executeWithoutResult((status) -> writeBatch(ingestion, lines, tally));
	}

	private void writeBatch(long ingestion, List<DeltaLine> lines, Tally tally) {
		List<Accepted> units = new ArrayList<>(lines.size());
		List<Rejection> rejections = new ArrayList<>();
		for (DeltaLine line : lines) {
			switch (line) {
				case Accepted accepted -> units.add(accepted);
				case Rejection rejection -> rejections.add(rejection);
			}
		}
		Map<Long, Stored> stored = stored(units);
		List<SqlParameterSource> inserts = new ArrayList<>();
		List<SqlParameterSource> updates = new ArrayList<>();
		for (Accepted line : units) {
			UnitDto unit = line.unit();
			Stored existing = stored.get(unit.id());
			if (existing == null) {
				inserts.add(unitParameters(unit));
			}
			else if (!existing.partner().equals(unit.partner())) {
				rejections.add(new Rejection(line.lineNumber(),
						"unit " + unit.id() + " belongs to " + existing.partner() + ", not " + unit.partner()));
			}
			else if (existing.version() < unit.version()) {
				updates.add(unitParameters(unit));
			}
			else {
				tally.unchanged++;
			}
		}
		if (!inserts.isEmpty()) {
			this.jdbc.batchUpdate(INSERT_UNIT, inserts.toArray(SqlParameterSource[]::new));
			tally.inserted += inserts.size();
		}
		if (!updates.isEmpty()) {
			int[] counts = this.jdbc.batchUpdate(UPDATE_UNIT, updates.toArray(SqlParameterSource[]::new));
			for (int count : counts) {
				// 0: a newer version was stored since the versions were read.
				if (count == 0) {
					tally.unchanged++;
				}
				else {
					tally.updated++;
				}
			}
		}
		if (!rejections.isEmpty()) {
			this.jdbc.batchUpdate(INSERT_REJECTION, rejections.stream()
				.map((rejection) -> new MapSqlParameterSource().addValue("ingestion", ingestion)
					.addValue("line", rejection.lineNumber())
					.addValue("reason", IngestionRules.clip(rejection.reason())))
				.toArray(SqlParameterSource[]::new));
			tally.rejected += rejections.size();
		}
		tally.lines += lines.size();
	}

	private Map<Long, Stored> stored(List<Accepted> units) {
		Map<Long, Stored> stored = new HashMap<>();
		if (units.isEmpty()) {
			return stored;
		}
		List<Long> ids = units.stream().map((line) -> line.unit().id()).toList();
		this.jdbc.query(STORED, Map.of("ids", ids), (ResultSet row) -> {
			stored.put(row.getLong(1), new Stored(row.getLong(2), row.getString(3)));
		});
		return stored;
	}

	void finish(long id, IngestionStatus status, Tally tally, String failure, Instant finishedAt) {
		this.client.sql(this.finish)
			.param("status", status.name())
			.param("finishedAt", utc(finishedAt))
			.param("lines", tally.lines)
			.param("accepted", tally.accepted())
			.param("inserted", tally.inserted)
			.param("updated", tally.updated)
			.param("unchanged", tally.unchanged)
			.param("rejected", tally.rejected)
			.param("failure", IngestionRules.clip(failure))
			.param("id", id)
			.update();
	}

	Optional<IngestionDto> find(long id) {
		return this.client.sql("select " + this.columns + " from ingestion where id = :id")
			.param("id", id)
			.query(IngestionStore::ingestion)
			.optional();
	}

	List<IngestionDto> recent(int limit) {
		return this.client.sql("select " + this.columns + " from ingestion order by id desc limit :limit")
			.param("limit", limit)
			.query(IngestionStore::ingestion)
			.list();
	}

	List<RejectionDto> rejections(long ingestion, int limit) {
		return this.client.sql("""
				select line_number, reason from ingestion_rejection where ingestion_id = :id
				order by line_number limit :limit""")
			.param("id", ingestion)
			.param("limit", limit)
			.query((row, n) -> new RejectionDto(row.getInt(1), row.getString(2)))
			.list();
	}

	int rejectionCount(long ingestion) {
		return this.client.sql("select count(*) from ingestion_rejection where ingestion_id = :id")
			.param("id", ingestion)
			.query(Integer.class)
			.single();
	}

	private static MapSqlParameterSource unitParameters(UnitDto unit) {
		return new MapSqlParameterSource().addValue("id", unit.id())
			.addValue("partner", unit.partner())
			.addValue("name", unit.name())
			.addValue("category", unit.category())
			.addValue("amount", unit.amount())
			.addValue("currency", unit.currency())
			.addValue("version", unit.version())
			.addValue("updatedAt", utc(unit.updatedAt()));
	}

	private static IngestionDto ingestion(ResultSet row, int n) throws SQLException {
		OffsetDateTime finished = row.getObject("finished_at", OffsetDateTime.class);
		return new IngestionDto(row.getLong("id"), row.getString("partner"),
				row.getObject("delta_day", LocalDate.class), row.getString("file_url"),
				row.getObject("started_at", OffsetDateTime.class).toInstant(),
				(finished != null) ? finished.toInstant() : null, IngestionStatus.valueOf(row.getString("status")),
				row.getInt("lines"), row.getInt("accepted"), row.getInt("inserted"), row.getInt("updated"),
				row.getInt("unchanged"), row.getInt("rejected"), row.getString("failure"));
	}

	// pgjdbc binds OffsetDateTime to timestamptz but has no mapping for Instant.
	private static OffsetDateTime utc(Instant instant) {
		return instant.atOffset(ZoneOffset.UTC);
	}

	private record Stored(long version, String partner) {

	}

}
