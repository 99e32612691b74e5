package dev.fluxbench.contract;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The databases the contract runs on. H2 runs in each app's own memory and is always there;
 * PostgreSQL is the one a benchmark uses, and runs only where it is reachable.
 */
enum Database {

	H2(List.of()),

	POSTGRES(List.of("postgres"));

	/** Where the fixture and the apps find PostgreSQL; override to try the H2-only path. */
	static final String POSTGRES_HOST = System.getProperty("fluxbench.postgres.host", "127.0.0.1");

	static final int POSTGRES_PORT = Integer.getInteger("fluxbench.postgres.port", 5432);

	static final String POSTGRES_URL = "jdbc:postgresql://" + POSTGRES_HOST + ":" + POSTGRES_PORT + "/test";

	static final String POSTGRES_USER = "postgres";

	private static volatile Boolean postgresReachable;

	private final List<String> profiles;

	Database(List<String> profiles) {
		this.profiles = profiles;
	}

	/** H2, and PostgreSQL when it answers; a clear notice on the console when it does not. */
	static Stream<Database> reachable() {
		return isPostgresReachable() ? Stream.of(H2, POSTGRES) : Stream.of(H2);
	}

	/** The application arguments that point a stack at this database. */
	List<String> args(Stack stack) {
		List<String> profiles = new ArrayList<>(this.profiles);
		profiles.addAll(stack.profiles());
		List<String> args = new ArrayList<>();
		if (!profiles.isEmpty()) {
			args.add("--spring.profiles.active=" + String.join(",", profiles));
		}
		if (this == POSTGRES) {
			// The apps' defaults, passed anyway so that the apps use the database this fixture resets.
			args.add("--fluxbench.db.host=" + POSTGRES_HOST);
			args.add("--fluxbench.db.port=" + POSTGRES_PORT);
			args.add("--fluxbench.db.schema=" + stack.schema());
		}
		return args;
	}

	/**
	 * Drops the stack's schema, so that Flyway creates and seeds it again: every run starts from
	 * the same 50 artists, whatever earlier runs created.
	 */
	void reset(Stack stack) {
		if (this != POSTGRES) {
			return;
		}
		try (Connection connection = connectToPostgres(); Statement statement = connection.createStatement()) {
			statement.execute("drop schema if exists " + stack.schema() + " cascade");
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not drop schema " + stack.schema() + " in " + POSTGRES_URL, ex);
		}
	}

	private static synchronized boolean isPostgresReachable() {
		if (postgresReachable == null) {
			try (Connection connection = connectToPostgres()) {
				postgresReachable = connection.isValid(2);
			}
			catch (SQLException ex) {
				postgresReachable = false;
				System.out.println("NOTICE: PostgreSQL is not reachable at " + POSTGRES_URL + " as " + POSTGRES_USER
						+ " (" + ex.getMessage() + "). The contract tests run against H2 only; the PostgreSQL runs are"
						+ " skipped.");
			}
		}
		return postgresReachable;
	}

	private static Connection connectToPostgres() throws SQLException {
		Properties properties = new Properties();
		properties.setProperty("user", POSTGRES_USER);
		// Fail fast where nothing listens, instead of the driver's long default.
		properties.setProperty("connectTimeout", "2");
		properties.setProperty("loginTimeout", "3");
		return DriverManager.getConnection(POSTGRES_URL, properties);
	}

	@Override
	public String toString() {
		return name().toLowerCase();
	}

}
