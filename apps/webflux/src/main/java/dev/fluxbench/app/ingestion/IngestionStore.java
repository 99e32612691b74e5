package dev.fluxbench.app.ingestion;

import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import dev.fluxbench.app.system.DatabaseTimestamps;
import dev.fluxbench.app.unit.InsertIfAbsent;
import dev.fluxbench.contract.unit.IngestionDto;
import dev.fluxbench.contract.unit.IngestionStatus;
import dev.fluxbench.contract.unit.RejectionDto;
import dev.fluxbench.contract.unit.UnitDto;
import dev.fluxbench.contract.unit.delta.DeltaLine;
import dev.fluxbench.contract.unit.delta.DeltaLine.Accepted;
import dev.fluxbench.contract.unit.delta.DeltaLine.Rejection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.Readable;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.binding.BindMarkers;
import org.springframework.r2dbc.core.binding.BindMarkersFactory;
import org.springframework.r2dbc.core.binding.BindMarkersFactoryResolver;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.reactive.TransactionalOperator;

/**
 * The ingestion tables and the unit upsert, in SQL that H2 (PostgreSQL mode), PostgreSQL
 * and MariaDB run alike but for one quoted name ({@link IngestionRules#linesColumn}) and
 * the insert ({@link InsertIfAbsent}). A batch first reads the stored versions of its
 * ids, then inserts the absent units and updates the older ones: that tells inserted from
 * updated from unchanged exactly, which no single upsert statement reports. The update
 * repeats the version test, so a unit changed meanwhile by someone else is never set
 * back. The insert leaves out a unit that another ingestion of the same units inserted
 * meanwhile; those units are read again and counted as what they now are, instead of
 * failing the batch on the primary key. The statements written here for R2DBC itself take
 * the database's bind markers ({@code $1} on H2 and PostgreSQL, {@code ?} on MariaDB) and
 * its way with instants ({@link DatabaseTimestamps}).
 *
 * <p>
 * How inserts are batched depends on the database. On PostgreSQL and MariaDB they are one
 * multi-row {@code insert ... values (...), (...)} per batch: r2dbc-postgresql runs a
 * statement's bindings ({@code Statement.add()}) one round trip each, which made a 100
 * 000-unit file take 23 s against under 5 s through a JDBC batch, which pgjdbc sends in
 * one round trip. On H2, which runs in the process, a binding costs no round trip, so
 * they are a statement with a binding per row. Updates, a minority in a delta file, are a
 * statement with a binding per unit everywhere: a multi-row update is written differently
 * in each database.
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

	private static final int UNIT_COLUMNS = 8;

	// %s: the bind markers, bound by bindUpdate in their order.
	private static final String UPDATE_UNIT = """
			update unit set name = %s, category = %s, amount = %s, currency = %s,
			version = %s, updated_at = %s where id = %s and partner = %s and version < %s""";

	private static final int UPDATE_MARKERS = 9;

	private static final String INSERT_REJECTIONS = "insert into ingestion_rejection (ingestion_id, line_number, reason) values ";

	private static final int REJECTION_COLUMNS = 3;

	/**
	 * Rows per multi-row insert; PostgreSQL takes at most 65 535 parameters in a
	 * statement.
	 */
	private static final int MAX_ROWS = 1000;

	private final DatabaseClient database;

	private final TransactionalOperator transactions;

	private final boolean multiRowInserts;

	private final BindMarkersFactory markers;

	private final DatabaseTimestamps timestamps;

	private final String columns;

	private final String start;

	private final String finish;

	private final String updateUnit;

	private final UnaryOperator<String> insertUnits;

	IngestionStore(DatabaseClient database, TransactionalOperator transactions) {
		this.database = database;
		this.transactions = transactions;
		ConnectionFactory connectionFactory = database.getConnectionFactory();
		// r2dbc-pool answers with the metadata of the driver it pools.
		String product = connectionFactory.getMetadata().getName();
		this.multiRowInserts = !"H2".equals(product);
		this.markers = BindMarkersFactoryResolver.resolve(connectionFactory);
		this.timestamps = DatabaseTimestamps.of(connectionFactory);
		String lines = IngestionRules.linesColumn(product);
		this.columns = COLUMNS.formatted(lines);
		this.start = START.formatted(lines);
		this.finish = FINISH.formatted(lines);
		this.insertUnits = (values) -> InsertIfAbsent.sql(product, values);
		BindMarkers markers = this.markers.create();
		this.updateUnit = UPDATE_UNIT.formatted(
				IntStream.range(0, UPDATE_MARKERS).mapToObj((marker) -> markers.next().getPlaceholder()).toArray());
	}

	Mono<Long> start(String partner, LocalDate day, URI fileUrl, Instant startedAt) {
		return this.database.sql(this.start)
			.bind("partner", partner)
			.bind("day", day)
			.bind("url", fileUrl.toString())
			.bind("startedAt", this.timestamps.bindable(startedAt))
			.filter((statement) -> statement.returnGeneratedValues("id"))
			.map((row) -> row.get(0, Long.class))
			.one();
	}

	/** Stores one batch of lines in one transaction and counts what became of them. */
	Mono<Void> write(long ingestion, List<DeltaLine> lines, Tally tally) {
		List<Accepted> units = new ArrayList<>(lines.size());
		List<Rejection> rejections = new ArrayList<>();
		for (DeltaLine line : lines) {
			switch (line) {
				case Accepted accepted -> units.add(accepted);
				case Rejection rejection -> rejections.add(rejection);
			}
		}
		return stored(units).flatMap((stored) -> {
			List<UnitDto> inserts = new ArrayList<>();
			List<UnitDto> updates = new ArrayList<>();
			classify(units, stored, inserts, updates, rejections, tally);
			return insertRows(this.insertUnits, UNIT_COLUMNS, inserts, this::bindUnit).flatMap((inserted) -> {
				tally.inserted += inserted.intValue();
				return (inserted < inserts.size())
						? raced(units, inserts, inserts.size() - inserted.intValue(), updates, rejections, tally)
						: Mono.<Void>empty();
			})
				.thenMany(Flux.defer(
						() -> batch(this.updateUnit, updates, (statement, unit) -> bindUpdate(statement::bind, unit))))
				// 0: a newer version was stored since the versions were read.
				.doOnNext((count) -> {
					if (count == 0) {
						tally.unchanged++;
					}
					else {
						tally.updated++;
					}
				})
				.then(Mono.defer(() -> insertRows((values) -> INSERT_REJECTIONS + values, REJECTION_COLUMNS, rejections,
						(to, first, rejection) -> {
							to.bind(first, ingestion);
							to.bind(first + 1, rejection.lineNumber());
							to.bind(first + 2, IngestionRules.clip(rejection.reason()));
						})))
				.then(Mono.fromRunnable(() -> {
					tally.rejected += rejections.size();
					tally.lines += lines.size();
				}));
		}).as(this.transactions::transactional).then();
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
	private Mono<Void> raced(List<Accepted> units, List<UnitDto> inserts, int raced, List<UnitDto> updates,
			List<Rejection> rejections, Tally tally) {
		Set<Long> ids = inserts.stream().map(UnitDto::id).collect(Collectors.toSet());
		List<Accepted> lines = units.stream().filter((line) -> ids.contains(line.unit().id())).toList();
		return stored(lines).doOnNext((stored) -> {
			List<Accepted> others = lines.stream().filter((line) -> {
				Stored existing = stored.get(line.unit().id());
				return existing != null && (existing.version() != line.unit().version()
						|| !existing.partner().equals(line.unit().partner()));
			}).toList();
			Tally sorted = new Tally();
			classify(others, stored, new ArrayList<>(), updates, rejections, sorted);
			tally.unchanged += sorted.unchanged + (raced - others.size());
		}).then();
	}

	private Mono<Map<Long, Stored>> stored(List<Accepted> units) {
		if (units.isEmpty()) {
			return Mono.just(Map.of());
		}
		List<Long> ids = units.stream().map((line) -> line.unit().id()).toList();
		return this.database.sql(STORED)
			.bind("ids", ids)
			.map((row) -> new Stored(row.get(0, Long.class), row.get(1, Long.class), row.get(2, String.class)))
			.all()
			.collectMap(Stored::id);
	}

	/**
	 * {@code insert ... values (...), (...)}, {@link #MAX_ROWS} rows at a time on
	 * PostgreSQL and MariaDB; one statement with a binding per row on H2. Emits how many
	 * rows were inserted.
	 * @param insert the statement for a values clause
	 */
	private <T> Mono<Long> insertRows(UnaryOperator<String> insert, int columns, List<T> rows, RowBinder<T> binder) {
		if (rows.isEmpty()) {
			return Mono.just(0L);
		}
		if (!this.multiRowInserts) {
			String sql = insert.apply(values(new StringBuilder(), 1, columns).toString());
			return batch(sql, rows, (statement, row) -> binder.bind(statement::bind, 0, row)).reduce(0L, Long::sum);
		}
		return Flux.range(0, (rows.size() + MAX_ROWS - 1) / MAX_ROWS).concatMap((chunk) -> {
			List<T> some = rows.subList(chunk * MAX_ROWS, Math.min(rows.size(), (chunk + 1) * MAX_ROWS));
			String sql = insert.apply(values(new StringBuilder(), some.size(), columns).toString());
			// An R2DBC statement, not DatabaseClient's spec: that copies its bindings on
			// every bind(), which for the 4 000 values of 500 rows took seconds of an
			// event loop's time per batch.
			return this.database.inConnection((connection) -> {
				Statement statement = connection.createStatement(sql);
				for (int row = 0; row < some.size(); row++) {
					binder.bind(statement::bind, row * columns, some.get(row));
				}
				return Flux.from(statement.execute()).concatMap(Result::getRowsUpdated).reduce(0L, Long::sum);
			});
		}).reduce(0L, Long::sum);
	}

	/**
	 * {@code (m1, m2), (m3, m4)} for two rows of two columns: the database's bind
	 * markers, in order.
	 */
	private StringBuilder values(StringBuilder sql, int rows, int columns) {
		BindMarkers markers = this.markers.create();
		for (int row = 0; row < rows; row++) {
			sql.append((row > 0) ? ", (" : "(");
			for (int column = 0; column < columns; column++) {
				sql.append((column > 0) ? ", " : "").append(markers.next().getPlaceholder());
			}
			sql.append(')');
		}
		return sql;
	}

	/**
	 * One statement with a binding per item, sent as one batch; the rows each binding
	 * changed.
	 */
	private <T> Flux<Long> batch(String sql, List<T> items, BiConsumer<Statement, T> bind) {
		if (items.isEmpty()) {
			return Flux.empty();
		}
		return this.database.inConnectionMany((connection) -> {
			Statement statement = connection.createStatement(sql);
			for (int i = 0; i < items.size(); i++) {
				if (i > 0) {
					statement.add();
				}
				bind.accept(statement, items.get(i));
			}
			return Flux.from(statement.execute()).concatMap(Result::getRowsUpdated);
		});
	}

	Mono<Void> finish(long id, IngestionStatus status, Tally tally, String failure, Instant finishedAt) {
		DatabaseClient.GenericExecuteSpec update = this.database.sql(this.finish)
			.bind("status", status.name())
			.bind("finishedAt", this.timestamps.bindable(finishedAt))
			.bind("lines", tally.lines)
			.bind("accepted", tally.accepted())
			.bind("inserted", tally.inserted)
			.bind("updated", tally.updated)
			.bind("unchanged", tally.unchanged)
			.bind("rejected", tally.rejected)
			.bind("id", id);
		update = (failure != null) ? update.bind("failure", IngestionRules.clip(failure))
				: update.bindNull("failure", String.class);
		return update.then();
	}

	Mono<IngestionDto> find(long id) {
		return this.database.sql("select " + this.columns + " from ingestion where id = :id")
			.bind("id", id)
			.map(this::ingestion)
			.one();
	}

	Flux<IngestionDto> recent(int limit) {
		return this.database.sql("select " + this.columns + " from ingestion order by id desc limit :limit")
			.bind("limit", limit)
			.map(this::ingestion)
			.all();
	}

	Flux<RejectionDto> rejections(long ingestion, int limit) {
		return this.database.sql("""
				select line_number, reason from ingestion_rejection where ingestion_id = :id
				order by line_number limit :limit""")
			.bind("id", ingestion)
			.bind("limit", limit)
			.map((row) -> new RejectionDto(row.get(0, Integer.class), row.get(1, String.class)))
			.all();
	}

	Mono<Integer> rejectionCount(long ingestion) {
		return this.database.sql("select count(*) from ingestion_rejection where ingestion_id = :id")
			.bind("id", ingestion)
			.map((row) -> row.get(0, Long.class).intValue())
			.one();
	}

	// In the order of InsertIfAbsent's columns.
	private void bindUnit(Binder to, int first, UnitDto unit) {
		to.bind(first, unit.id());
		to.bind(first + 1, unit.partner());
		to.bind(first + 2, unit.name());
		to.bind(first + 3, unit.category());
		to.bind(first + 4, unit.amount());
		to.bind(first + 5, unit.currency());
		to.bind(first + 6, unit.version());
		to.bind(first + 7, this.timestamps.bindable(unit.updatedAt()));
	}

	// In the order of UPDATE_UNIT's markers; MariaDB's are anonymous, so the version is
	// bound twice.
	private void bindUpdate(Binder to, UnitDto unit) {
		to.bind(0, unit.name());
		to.bind(1, unit.category());
		to.bind(2, unit.amount());
		to.bind(3, unit.currency());
		to.bind(4, unit.version());
		to.bind(5, this.timestamps.bindable(unit.updatedAt()));
		to.bind(6, unit.id());
		to.bind(7, unit.partner());
		to.bind(8, unit.version());
	}

	// Positional, in the order of COLUMNS: the drivers match names case-insensitively,
	// but positions leave no doubt.
	private IngestionDto ingestion(Readable row) {
		OffsetDateTime finished = this.timestamps.read(row, 5);
		return new IngestionDto(row.get(0, Long.class), row.get(1, String.class), row.get(2, LocalDate.class),
				row.get(3, String.class), this.timestamps.read(row, 4).toInstant(),
				(finished != null) ? finished.toInstant() : null, IngestionStatus.valueOf(row.get(6, String.class)),
				row.get(7, Integer.class), row.get(8, Integer.class), row.get(9, Integer.class),
				row.get(10, Integer.class), row.get(11, Integer.class), row.get(12, Integer.class),
				row.get(13, String.class));
	}

	private record Stored(long id, long version, String partner) {

	}

	/** Binds a value to an R2DBC statement's bind marker, counted from 0. */
	@FunctionalInterface
	private interface Binder {

		void bind(int index, Object value);

	}

	/** Binds one row's values to the markers from {@code first} on. */
	@FunctionalInterface
	private interface RowBinder<T> {

		void bind(Binder to, int first, T row);

	}

}
