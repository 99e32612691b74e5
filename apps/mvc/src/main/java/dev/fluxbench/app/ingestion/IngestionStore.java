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
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.fluxbench.app.unit.InsertIfAbsent;
import dev.fluxbench.contract.unit.IngestionDto;
import dev.fluxbench.contract.unit.IngestionStatus;
import dev.fluxbench.contract.unit.RejectionDto;
import dev.fluxbench.contract.unit.UnitDto;
import dev.fluxbench.contract.unit.delta.DeltaLine;
import dev.fluxbench.contract.unit.delta.DeltaLine.Accepted;
import dev.fluxbench.contract.unit.delta.DeltaLine.Rejection;

import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The ingestion tables and the unit upsert, in SQL that H2 (PostgreSQL mode), PostgreSQL
 * and MariaDB run alike but for one quoted name ({@link IngestionRules#linesColumn}) and
 * the insert ({@link InsertIfAbsent}). A batch first reads the stored versions of its
 * ids, then inserts the absent units in multi-row statements and updates the older ones
 * in a JDBC batch: that tells inserted from updated from unchanged exactly, which no
 * single upsert statement reports. The update repeats the version test, so a unit changed
 * meanwhile by someone else is never set back. The insert leaves out a unit that another
 * ingestion of the same units inserted meanwhile; those units are read again and counted
 * as what they now are, instead of failing the batch on the primary key.
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

	private static final String UPDATE_UNIT = """
			update unit set name = :name, category = :category, amount = :amount, currency = :currency,
			version = :version, updated_at = :updatedAt where id = :id and partner = :partner and version < :version""";

	/**
	 * Rows per multi-row insert; PostgreSQL takes at most 65 535 parameters in a
	 * statement.
	 */
	private static final int MAX_ROWS = 1000;

	private static final String INSERT_REJECTION = """
			insert into ingestion_rejection (ingestion_id, line_number, reason) values (:ingestion, :line, :reason)""";

	private final NamedParameterJdbcTemplate jdbc;

	private final JdbcClient client;

	private final TransactionTemplate transactions;

	private final String columns;

	private final String start;

	private final String finish;

	private final String database;

	IngestionStore(NamedParameterJdbcTemplate jdbc, TransactionTemplate transactions) {
		this.jdbc = jdbc;
		this.client = JdbcClient.create(jdbc);
		this.transactions = transactions;
		String database = jdbc.getJdbcTemplate()
			.execute((Connection connection) -> connection.getMetaData().getDatabaseProductName());
		String lines = IngestionRules.linesColumn(database);
		this.columns = COLUMNS.formatted(lines);
		this.start = START.formatted(lines);
		this.finish = FINISH.formatted(lines);
		this.database = database;
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
		List<UnitDto> inserts = new ArrayList<>();
		List<UnitDto> updates = new ArrayList<>();
		classify(units, stored(units), inserts, updates, rejections, tally);
		if (!inserts.isEmpty()) {
			int inserted = insertUnits(inserts);
			tally.inserted += inserted;
			if (inserted < inserts.size()) {
				raced(units, inserts, inserts.size() - inserted, updates, rejections, tally);
			}
		}
		if (!updates.isEmpty()) {
			int[] counts = this.jdbc.batchUpdate(UPDATE_UNIT,
					updates.stream().map(IngestionStore::unitParameters).toArray(SqlParameterSource[]::new));
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
			this.jdbc.batchUpdate(INSERT_REJECTION,
					rejections.stream()
						.map((rejection) -> new MapSqlParameterSource().addValue("ingestion", ingestion)
							.addValue("line", rejection.lineNumber())
							.addValue("reason", IngestionRules.clip(rejection.reason())))
						.toArray(SqlParameterSource[]::new));
			tally.rejected += rejections.size();
		}
		tally.lines += lines.size();
	}

	/**
	 * Inserts the absent units in multi-row statements of {@link #MAX_ROWS} rows at most,
	 * and answers how many it inserted. Not a JDBC batch: MariaDB's driver answers a
	 * batch with "done, count unknown" for every row, which cannot tell an inserted unit
	 * from one left out.
	 */
	private int insertUnits(List<UnitDto> units) {
		int inserted = 0;
		for (int from = 0; from < units.size(); from += MAX_ROWS) {
			List<UnitDto> some = units.subList(from, Math.min(units.size(), from + MAX_ROWS));
			String sql = InsertIfAbsent.sql(this.database,
					String.join(", ", Collections.nCopies(some.size(), "(?, ?, ?, ?, ?, ?, ?, ?)")));
			Object[] values = some.stream()
				.flatMap((unit) -> Stream.of(unit.id(), unit.partner(), unit.name(), unit.category(), unit.amount(),
						unit.currency(), unit.version(), utc(unit.updatedAt())))
				.toArray();
			inserted += this.jdbc.getJdbcTemplate().update(sql, values);
		}
		return inserted;
	}

	/** Sorts the accepted lines by what the stored units make of them. */
	private static void classify(List<Accepted> units, Map<Long, Stored> stored, List<UnitDto> inserts,
			List<UnitDto> updates, List<Rejection> rejections, Tally tally) {
		for (Accepted line : units) {
			UnitDto unit = line.unit();
			Stored existing = stored.get(unit.id());
			if (existing == null) {
				inserts.add(unit);
			}
			else if (!existing.partner().equals(unit.partner())) {
				rejections.add(new Rejection(line.lineNumber(),
						"unit " + unit.id() + " belongs to " + existing.partner() + ", not " + unit.partner()));
			}
			else if (existing.version() < unit.version()) {
				updates.add(unit);
			}
			else {
				tally.unchanged++;
			}
		}
	}

	/**
	 * {@code raced} of the units to insert were inserted by another transaction after
	 * their versions were read. Read again, a unit stored at another version or by
	 * another partner is one of those, and is sorted as if it had been stored before; one
	 * stored at the same version may be this batch's own insert or the other's, and the
	 * raced ones among those are unchanged.
	 */
	private void raced(List<Accepted> units, List<UnitDto> inserts, int raced, List<UnitDto> updates,
			List<Rejection> rejections, Tally tally) {
		Set<Long> ids = inserts.stream().map(UnitDto::id).collect(Collectors.toSet());
		List<Accepted> lines = units.stream().filter((line) -> ids.contains(line.unit().id())).toList();
		Map<Long, Stored> stored = stored(lines);
		List<Accepted> others = lines.stream().filter((line) -> {
			Stored existing = stored.get(line.unit().id());
			return existing != null && (existing.version() != line.unit().version()
					|| !existing.partner().equals(line.unit().partner()));
		}).toList();
		Tally sorted = new Tally();
		classify(others, stored, new ArrayList<>(), updates, rejections, sorted);
		tally.unchanged += sorted.unchanged + (raced - others.size());
	}

	private Map<Long, Stored> stored(List<Accepted> units) {
		Map<Long, Stored> stored = new HashMap<>();
		if (units.isEmpty()) {
			return stored;
		}
		List<Long> ids = units.stream().map((line) -> line.unit().id()).toList();
		RowCallbackHandler collect = (row) -> stored.put(row.getLong(1), new Stored(row.getLong(2), row.getString(3)));
		this.jdbc.query(STORED, Map.of("ids", ids), collect);
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
