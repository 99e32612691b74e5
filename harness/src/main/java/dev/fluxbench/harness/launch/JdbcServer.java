package dev.fluxbench.harness.launch;

import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/** A database server named by a JDBC URL, and how the harness talks to it. */
record JdbcServer(String host, int port, String name, String user, String password) {

	static JdbcServer parse(String value, int defaultPort, String defaultUser) {
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
		String user = defaultUser;
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
		return new JdbcServer(uri.getHost(), (uri.getPort() < 0) ? defaultPort : uri.getPort(), name, user, password);
	}

	static Properties credentials(String user, String password) {
		Properties properties = new Properties();
		properties.setProperty("user", user);
		properties.setProperty("password", password);
		return properties;
	}

	static void check(String url, Properties properties) {
		try (Connection connection = DriverManager.getConnection(url, properties)) {
			if (!connection.isValid(Database.LOGIN_TIMEOUT_SECONDS)) {
				throw new EnvironmentException("database " + url + " accepted a connection but is not usable");
			}
		}
		catch (SQLException ex) {
			throw new EnvironmentException("database " + url + " is unreachable: " + firstLine(ex.getMessage()), ex);
		}
	}

	static void execute(String url, Properties properties, String failure, String... statements) {
		try (Connection connection = DriverManager.getConnection(url, properties);
				Statement statement = connection.createStatement()) {
			for (String sql : statements) {
				statement.execute(sql);
			}
		}
		catch (SQLException ex) {
			throw new EnvironmentException(failure + " in " + url + ": " + firstLine(ex.getMessage()), ex);
		}
	}

	private static String firstLine(String message) {
		return (message != null) ? message.lines().findFirst().orElse("") : "no reason given";
	}

}
