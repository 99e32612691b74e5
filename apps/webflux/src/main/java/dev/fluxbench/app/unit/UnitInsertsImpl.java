package dev.fluxbench.app.unit;

import dev.fluxbench.app.system.DatabaseTimestamps;
import dev.fluxbench.contract.unit.UnitDto;
import reactor.core.publisher.Mono;

import org.springframework.r2dbc.core.DatabaseClient;

/**
 * {@link UnitInserts} for Spring Data to add to {@link UnitRepository}. DatabaseClient
 * rather than a query method: a query method's SQL is fixed in its annotation. It runs in
 * the caller's transaction.
 */
class UnitInsertsImpl implements UnitInserts {

	private final DatabaseClient database;

	private final DatabaseTimestamps timestamps;

	private final String insert;

	UnitInsertsImpl(DatabaseClient database) {
		this.database = database;
		this.timestamps = DatabaseTimestamps.of(database.getConnectionFactory());
		// r2dbc-pool answers with the metadata of the driver it pools.
		this.insert = InsertIfAbsent.sql(database.getConnectionFactory().getMetadata().getName(),
				"(:id, :partner, :name, :category, :amount, :currency, :version, :updatedAt)");
	}

	@Override
	public Mono<Long> insertIfAbsent(UnitDto unit) {
		return this.database.sql(this.insert)
			.bind("id", unit.id())
			.bind("partner", unit.partner())
			.bind("name", unit.name())
			.bind("category", unit.category())
			.bind("amount", unit.amount())
			.bind("currency", unit.currency())
			.bind("version", unit.version())
			.bind("updatedAt", this.timestamps.bindable(unit.updatedAt()))
			.fetch()
			.rowsUpdated();
	}

}
