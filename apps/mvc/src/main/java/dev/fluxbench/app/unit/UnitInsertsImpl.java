package dev.fluxbench.app.unit;

import java.sql.Connection;

import dev.fluxbench.contract.unit.UnitDto;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@link UnitInserts} for Spring Data to add to {@link UnitRepository}. JDBC rather than
 * JPA: a native query's SQL is fixed in its annotation. The JDBC connection is the JPA
 * transaction's.
 */
class UnitInsertsImpl implements UnitInserts {

	private final JdbcClient jdbc;

	private final String insert;

	UnitInsertsImpl(JdbcTemplate jdbc) {
		this.jdbc = JdbcClient.create(jdbc);
		this.insert = InsertIfAbsent.sql(
				jdbc.execute((Connection connection) -> connection.getMetaData().getDatabaseProductName()),
				"(:id, :partner, :name, :category, :amount, :currency, :version, :updatedAt)");
	}

	@Override
	public int insertIfAbsent(UnitDto unit) {
		return this.jdbc.sql(this.insert)
			.param("id", unit.id())
			.param("partner", unit.partner())
			.param("name", unit.name())
			.param("category", unit.category())
			.param("amount", unit.amount())
			.param("currency", unit.currency())
			.param("version", unit.version())
			.param("updatedAt", Unit.utc(unit))
			.update();
	}

}
