package dev.fluxbench.harness.launch;

import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import dev.fluxbench.harness.scenario.Stack;

/** The database the stacks use: each app's embedded H2, or a PostgreSQL server. */
public sealed interface Database {

	/** Login wait when checking or resetting PostgreSQL, so that an unreachable one fails fast. */
	int LOGIN_TIMEOUT_SECONDS = 3;

	/**
	 * Parses {@code --db}: {@code h2}, {@code postgres} (127.0.0.1:5432/test as postgres) or a
	 * {@code jdbc:postgresql://host[:port]/name[?user=U&password=P]} URL.
	 * @throws IllegalArgumentException with a one-line reason
	 */
	static Database parse(String value) {
		if (value.equals("h2")) {
			return new H2();
		}
		if (value.equals("postgres")) {
			return new Postgres("127.0.0.1", 5432, "test", "postgres", "");
		}
		if (!value.startsWith("jdbc:postgresql://")) {
			throw new IllegalArgumentException("--db '" + value
					+ "' is not h2, postgres or a jdbc:postgresql:// URL (the stacks speak PostgreSQL only)");
		}
		URI uri;
		try {
			uri = URI.create(value.substring("jdbc:".length()));
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException("--db '" + value + "' is not a valid URL");
		}
		String name = (uri.getPath() == null) ? "" : uri.getPath().replaceFirst("^/", "");
		if (uri.getHost() == null || name.isEmpty()) {
			throw new IllegalArgumentException("--db '" + value + "' needs a host and a database name");
		}
		String user = "postgres";
		String password = "";
		if (uri.getQuery() != null) {
			for (String parameter : uri.getQuery().split("&")) {
				String[] pair = parameter.split("=", 2);
				if (pair[0].equals("user") && pair.length == 2) {
					user = pair[1];
				}
				else if (pair[0].equals("password") && pair.length == 2) {
					password = pair[1];
				}
			}
		}
		return new Postgres(uri.getHost(), (uri.getPort() < 0) ? 5432 : uri.getPort(), name, user, password);
	}

	/** The application arguments that point this stack at this database. */
	List<String> args(Stack stack);

	/** Fails with an {@link EnvironmentException} if the database cannot be used. */
	void check();

	/** Brings the stack's data back to the 50 seeded artists. */
	void reset(Stack stack);

	/** For run.json; never holds a password. */
	String describe();

	/** Each app's own in-memory H2: fresh, hence reset, with every start. */
	record H2() implements Database {

		@Override
		public List<String> args(Stack stack) {
			return stack.profiles().isEmpty() ? List.of()
					: List.of("--spring.profiles.active=" + String.join(",", stack.profiles()));
		}

		@Override
		public void check() {
		}

		@Override
		public void reset(Stack stack) {
		}

		@Override
		public String describe() {
			return "h2 (in each app's memory)";
		}

	}

	/** A PostgreSQL server; each stack has a schema of its own, dropped before each trial. */
	record Postgres(String host, int port, String name, String user, String password) implements Database {

		@Override
		public String toString() {
			return describe();
		}

		String jdbcUrl() {
			return "jdbc:postgresql://" + this.host + ":" + this.port + "/" + this.name;
		}

		@Override
		public List<String> args(Stack stack) {
			List<String> profiles = new ArrayList<>(List.of("postgres"));
			profiles.addAll(stack.profiles());
			// Both apps build their JDBC, R2DBC and Flyway URLs from these, so one set fits both.
			return List.of("--spring.profiles.active=" + String.join(",", profiles), "--fluxbench.db.host=" + this.host,
					"--fluxbench.db.port=" + this.port, "--fluxbench.db.name=" + this.name,
					"--fluxbench.db.user=" + this.user, "--fluxbench.db.password=" + this.password,
					"--fluxbench.db.schema=" + stack.schema());
		}

		@Override
		public void check() {
			try (Connection connection = connect()) {
				if (!connection.isValid(LOGIN_TIMEOUT_SECONDS)) {
					throw new EnvironmentException("database " + jdbcUrl() + " accepted a connection but is not usable");
				}
			}
			catch (SQLException ex) {
				throw new EnvironmentException("database " + jdbcUrl() + " is unreachable: " + firstLine(ex.getMessage()),
						ex);
			}
		}

		@Override
		public void reset(Stack stack) {
			try (Connection connection = connect(); Statement statement = connection.createStatement()) {
				// The app's Flyway creates and seeds the schema again when it starts.
				statement.execute("drop schema if exists " + stack.schema() + " cascade");
			}
			catch (SQLException ex) {
				throw new EnvironmentException("could not drop schema " + stack.schema() + " in " + jdbcUrl() + ": "
						+ firstLine(ex.getMessage()), ex);
			}
		}

		@Override
		public String describe() {
			return jdbcUrl() + " as " + this.user;
		}

		private Connection connect() throws SQLException {
			Properties properties = new Properties();
			properties.setProperty("user", this.user);
			properties.setProperty("password", this.password);
			properties.setProperty("connectTimeout", Integer.toString(LOGIN_TIMEOUT_SECONDS));
			properties.setProperty("loginTimeout", Integer.toString(LOGIN_TIMEOUT_SECONDS));
			return DriverManager.getConnection(jdbcUrl(), properties);
		}

		private static String firstLine(String message) {
			return (message == null) ? "no reason given" : message.lines().findFirst().orElse("");
		}

	}

}
