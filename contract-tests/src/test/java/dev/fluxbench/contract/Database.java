package dev.fluxbench.contract;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The databases the contract runs on. H2 runs in each app's own memory and is always
 * there; PostgreSQL and MariaDB are servers a benchmark uses, and run only where they are
 * reachable.
 */
enum Database {

	H2(List.of(), null, null, null, Map.of()),

	POSTGRES(List.of("postgres"), System.getProperty("fluxbench.postgres.host", "127.0.0.1"),
			Integer.getInteger("fluxbench.postgres.port", 5432), "postgres",
			// Fail fast where nothing listens, instead of the driver's long default
			// (seconds).
			Map.of("connectTimeout", "2", "loginTimeout", "3")) {

		@Override
		String url() {
			return "jdbc:postgresql://" + host() + ":" + port() + "/test";
		}

		@Override
		List<String> resetStatements(String schema) {
			return List.of("drop schema if exists " + schema + " cascade");
		}

	},

	/**
	 * A schema is a database in MariaDB: each stack's is created empty, as the app's URL
	 * names it.
	 */
	MARIADB(List.of("mariadb"), System.getProperty("fluxbench.mariadb.host", "127.0.0.1"),
			Integer.getInteger("fluxbench.mariadb.port", 3306), "root",
			// Fail fast where nothing listens, instead of the driver's long default
			// (milliseconds).
			Map.of("connectTimeout", "2000")) {

		@Override
		String url() {
			return "jdbc:mariadb://" + host() + ":" + port() + "/test";
		}

		@Override
		List<String> resetStatements(String schema) {
			return List.of("drop database if exists " + schema, "create database " + schema);
		}

	};

	private final List<String> profiles;

	/**
	 * Where the fixture and the apps find the server; override to try the H2-only path.
	 */
	private final String host;

	private final Integer port;

	private final String user;

	private final Map<String, String> timeouts;

	private volatile Boolean reachable;

	Database(List<String> profiles, String host, Integer port, String user, Map<String, String> timeouts) {
		this.profiles = profiles;
		this.host = host;
		this.port = port;
		this.user = user;
		this.timeouts = timeouts;
	}

	/**
	 * H2, and each server that answers; a clear notice on the console for one that does
	 * not.
	 */
	static Stream<Database> reachable() {
		return Arrays.stream(values()).filter((database) -> database == H2 || database.isReachable());
	}

	String host() {
		return this.host;
	}

	int port() {
		return this.port;
	}

	/** The JDBC URL of the server's {@code test} database, where the fixture connects. */
	String url() {
		throw new UnsupportedOperationException(this + " is no server");
	}

	/** What empties the stack's schema, so that Flyway creates and seeds it again. */
	List<String> resetStatements(String schema) {
		return List.of();
	}

	/** The application arguments that point a stack at this database. */
	List<String> args(Stack stack) {
		List<String> profiles = new ArrayList<>(this.profiles);
		profiles.addAll(stack.profiles());
		List<String> args = new ArrayList<>();
		if (!profiles.isEmpty()) {
			args.add("--spring.profiles.active=" + String.join(",", profiles));
		}
		if (this != H2) {
			// The apps' defaults, passed anyway so that the apps use the database this
			// fixture resets.
			args.add("--fluxbench.db.host=" + this.host);
			args.add("--fluxbench.db.port=" + this.port);
			args.add("--fluxbench.db.schema=" + stack.schema());
		}
		return args;
	}

	/**
	 * Drops the stack's schema (in MariaDB, its database, created again empty), so that
	 * Flyway creates and seeds it again: every run starts from the same 50 artists,
	 * whatever earlier runs created.
	 */
	void reset(Stack stack) {
		List<String> statements = resetStatements(stack.schema());
		if (statements.isEmpty()) {
			return;
		}
		try (Connection connection = connect(); Statement statement = connection.createStatement()) {
			for (String sql : statements) {
				statement.execute(sql);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not reset " + stack.schema() + " in " + url(), ex);
		}
	}

	private synchronized boolean isReachable() {
		if (this.reachable == null) {
			try (Connection connection = connect()) {
				this.reachable = connection.isValid(2);
			}
			catch (SQLException ex) {
				this.reachable = false;
				System.out.println("NOTICE: " + this + " is not reachable at " + url() + " as " + this.user + " ("
						+ ex.getMessage() + "). The contract tests skip their runs on " + this + ".");
			}
		}
		return this.reachable;
	}

	private Connection connect() throws SQLException {
		Properties properties = new Properties();
		properties.setProperty("user", this.user);
		properties.setProperty("password", "");
		this.timeouts.forEach(properties::setProperty);
		return DriverManager.getConnection(url(), properties);
	}

	@Override
	public String toString() {
		return name().toLowerCase();
	}

}
