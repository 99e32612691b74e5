package dev.fluxbench.harness.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

import dev.fluxbench.harness.scenario.Stack;

/**
 * The database the stacks use: each app's embedded H2, or a PostgreSQL or MariaDB server.
 */
public sealed interface Database {

	/**
	 * Login wait when checking or resetting a server, so that an unreachable one fails
	 * fast.
	 */
	int LOGIN_TIMEOUT_SECONDS = 3;

	/**
	 * Parses {@code --db}: {@code h2}, {@code postgres} (127.0.0.1:5432/test as
	 * postgres), {@code mariadb} (127.0.0.1:3306/test as root), or a
	 * {@code jdbc:postgresql://host[:port]/name[?user=U&password=P]} or
	 * {@code jdbc:mariadb://host[:port]/name[?user=U&password=P]} URL.
	 * @throws IllegalArgumentException with a one-line reason
	 */
	static Database parse(String value) {
		return switch (value) {
			case "h2" -> new H2();
			case "postgres" -> new Postgres("127.0.0.1", 5432, "test", "postgres", "");
			case "mariadb" -> new Mariadb("127.0.0.1", 3306, "test", "root", "");
			default -> {
				if (value.startsWith("jdbc:postgresql://")) {
					JdbcServer server = JdbcServer.parse(value, 5432, "postgres");
					yield new Postgres(server.host(), server.port(), server.name(), server.user(), server.password());
				}
				if (value.startsWith("jdbc:mariadb://")) {
					JdbcServer server = JdbcServer.parse(value, 3306, "root");
					yield new Mariadb(server.host(), server.port(), server.name(), server.user(), server.password());
				}
				throw new IllegalArgumentException("--db '" + value + "' is not h2, postgres, mariadb or a"
						+ " jdbc:postgresql:// or jdbc:mariadb:// URL (the stacks speak no other database)");
			}
		};
	}

	/** The application arguments that point this stack at this database. */
	List<String> args(Stack stack);

	/** Fails with an {@link EnvironmentException} if the database cannot be used. */
	void check();

	/** Brings the stack's data back to the 50 seeded artists. */
	void reset(Stack stack);

	/** For run.json; never holds a password. */
	String describe();

	/**
	 * What reads the database's own load while a load runs; empty when the database does
	 * not say, as H2 in each app's memory does not, and MariaDB's global status mixes
	 * every database of the server.
	 */
	default Optional<DatabaseActivity> activity() {
		return Optional.empty();
	}

	/**
	 * Both apps build their JDBC, R2DBC and Flyway URLs from these, so one set fits both;
	 * the schema is a PostgreSQL schema, or a MariaDB database.
	 */
	private static List<String> serverArgs(String profile, Stack stack, String host, int port, String name, String user,
			String password) {
		List<String> profiles = new ArrayList<>(List.of(profile));
		profiles.addAll(stack.profiles());
		return List.of("--spring.profiles.active=" + String.join(",", profiles), "--fluxbench.db.host=" + host,
				"--fluxbench.db.port=" + port, "--fluxbench.db.name=" + name, "--fluxbench.db.user=" + user,
				"--fluxbench.db.password=" + password, "--fluxbench.db.schema=" + stack.schema());
	}

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

	/**
	 * A PostgreSQL server; each stack has a schema of its own, dropped before each trial.
	 */
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
			return serverArgs("postgres", stack, this.host, this.port, this.name, this.user, this.password);
		}

		@Override
		public void check() {
			JdbcServer.check(jdbcUrl(), connectionProperties());
		}

		@Override
		public void reset(Stack stack) {
			// The app's Flyway creates and seeds the schema again when it starts.
			JdbcServer.execute(jdbcUrl(), connectionProperties(), "could not drop schema " + stack.schema(),
					"drop schema if exists " + stack.schema() + " cascade");
		}

		@Override
		public String describe() {
			return jdbcUrl() + " as " + this.user;
		}

		@Override
		public Optional<DatabaseActivity> activity() {
			return Optional.of(new DatabaseActivity(jdbcUrl(), connectionProperties()));
		}

		private Properties connectionProperties() {
			Properties properties = JdbcServer.credentials(this.user, this.password);
			// pgjdbc counts both in seconds.
			properties.setProperty("connectTimeout", Integer.toString(LOGIN_TIMEOUT_SECONDS));
			properties.setProperty("loginTimeout", Integer.toString(LOGIN_TIMEOUT_SECONDS));
			return properties;
		}

	}

	/**
	 * A MariaDB server, where a schema is a database: each stack has a database of its
	 * own, named like PostgreSQL's schema, dropped and created empty before each trial.
	 * It must exist before the app starts, since the app's URL names it.
	 */
	record Mariadb(String host, int port, String name, String user, String password) implements Database {

		@Override
		public String toString() {
			return describe();
		}

		String jdbcUrl() {
			return "jdbc:mariadb://" + this.host + ":" + this.port + "/" + this.name;
		}

		@Override
		public List<String> args(Stack stack) {
			return serverArgs("mariadb", stack, this.host, this.port, this.name, this.user, this.password);
		}

		@Override
		public void check() {
			JdbcServer.check(jdbcUrl(), connectionProperties());
		}

		@Override
		public void reset(Stack stack) {
			// The app's Flyway creates and seeds the tables again when it starts.
			JdbcServer.execute(jdbcUrl(), connectionProperties(), "could not recreate database " + stack.schema(),
					"drop database if exists " + stack.schema(), "create database " + stack.schema());
		}

		@Override
		public String describe() {
			return jdbcUrl() + " as " + this.user;
		}

		private Properties connectionProperties() {
			Properties properties = JdbcServer.credentials(this.user, this.password);
			// MariaDB's driver counts it in milliseconds.
			properties.setProperty("connectTimeout", Integer.toString(LOGIN_TIMEOUT_SECONDS * 1000));
			return properties;
		}

	}

}
