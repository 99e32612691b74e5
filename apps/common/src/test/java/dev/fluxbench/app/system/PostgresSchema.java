package dev.fluxbench.app.system;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import org.junit.jupiter.api.Assumptions;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * A schema of its own on the machine's PostgreSQL for a test class, which Flyway creates
 * and seeds and which is dropped afterwards; the class is skipped where PostgreSQL does
 * not answer.
 */
public final class PostgresSchema {

	private static final String URL = "jdbc:postgresql://127.0.0.1:5432/test";

	private PostgresSchema() {
	}

	/** Drops what a previous run left; skips the class without PostgreSQL. */
	public static void fresh(String schema) {
		Assumptions.assumeTrue(drop(schema), "PostgreSQL does not answer on 127.0.0.1:5432");
	}

	/**
	 * For webflux: points R2DBC and Flyway (so the jdbc variants' pool too) at the
	 * schema. Dynamic properties, because they must win over the H2 URLs that
	 * OperationContract's context sets.
	 */
	public static void register(DynamicPropertyRegistry registry, String schema) {
		registry.add("spring.r2dbc.url", () -> "r2dbc:postgresql://127.0.0.1:5432/test?schema=" + schema);
		registry.add("spring.flyway.url", () -> URL + "?currentSchema=" + schema);
		registry.add("fluxbench.db.schema", () -> schema);
	}

	public static boolean drop(String schema) {
		try (Connection connection = DriverManager.getConnection(URL, "postgres", "");
				Statement statement = connection.createStatement()) {
			statement.execute("drop schema if exists " + schema + " cascade");
			return true;
		}
		catch (SQLException ex) {
			return false;
		}
	}

}
