package dev.fluxbench.app.system;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.TimeZone;

import org.junit.jupiter.api.Assumptions;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * A database of its own on the machine's MariaDB for a test class, created empty for
 * Flyway to fill and dropped afterwards; the class is skipped where MariaDB does not
 * answer. In MariaDB a schema is a database, and the apps' URLs name it: it must exist
 * before the context starts. Meanwhile the JVM runs in a zone other than UTC, so that an
 * instant stored at the JVM's zone would show.
 */
public final class MariadbDatabase {

	private static final String URL = "jdbc:mariadb://127.0.0.1:3306/";

	private static final TimeZone JVM_ZONE = TimeZone.getDefault();

	private MariadbDatabase() {
	}

	/** Creates the database afresh and leaves UTC; skips the class without MariaDB. */
	public static void fresh(String database) {
		Assumptions.assumeTrue(recreate(database, true), "MariaDB does not answer on 127.0.0.1:3306");
		TimeZone.setDefault(TimeZone.getTimeZone("Asia/Kolkata"));
	}

	public static void drop(String database) {
		TimeZone.setDefault(JVM_ZONE);
		recreate(database, false);
	}

	/**
	 * For webflux: points R2DBC and Flyway (so the jdbc variants' pool too) at the
	 * database, as the mariadb profile does. Dynamic properties, because they must win
	 * over the H2 URLs that OperationContract's context sets.
	 */
	public static void register(DynamicPropertyRegistry registry, String database) {
		registry.add("spring.r2dbc.url", () -> "r2dbc:mariadb://127.0.0.1:3306/" + database);
		registry.add("spring.flyway.url", () -> URL + database
				+ "?connectionTimeZone=UTC&forceConnectionTimeZoneToSession=true&preserveInstants=true");
		registry.add("fluxbench.db.schema", () -> database);
	}

	private static boolean recreate(String database, boolean create) {
		try (Connection connection = DriverManager.getConnection(URL + "test", "root", "");
				Statement statement = connection.createStatement()) {
			statement.execute("drop database if exists " + database);
			if (create) {
				statement.execute("create database " + database);
			}
			return true;
		}
		catch (SQLException ex) {
			return false;
		}
	}

}
