package dev.fluxbench.ldap;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The command line, in the {@code --name=value} form Spring Boot uses, because the
 * launcher starts this directory like the Spring Boot services and appends
 * {@code --server.port=N} to whatever it was given.
 *
 * @param ldapPort where the directory listens ({@code --ldap.port}, or {@code --port} for
 * short); 0 for any free port
 * @param httpPort where the readiness, liveness and info endpoints answer
 * ({@code --server.port}); 0 for any free port
 * @param ldif the LDIF that replaces the bundled seed ({@code --ldif}), or {@code null}
 */
record Options(int ldapPort, int httpPort, Path ldif) {

	static final int DEFAULT_LDAP_PORT = 8389;

	static final int DEFAULT_HTTP_PORT = 8390;

	static final String USAGE = "options are --ldap.port=N (or --port=N), --server.port=N and --ldif=PATH";

	/**
	 * Option names as typed, each with the name it is known by, so that an alias counts
	 * as the same option.
	 */
	private static final Map<String, String> NAMES = Map.of("ldap.port", "ldap.port", "port", "ldap.port",
			"server.port", "server.port", "ldif", "ldif");

	Options {
		if (ldapPort != 0 && ldapPort == httpPort) {
			throw StartupException.badArgument("--ldap.port and --server.port are both " + ldapPort
					+ ": the directory and its HTTP endpoints need a port each");
		}
	}

	static Options parse(String... args) {
		Map<String, String> values = new HashMap<>();
		for (String arg : args) {
			int equals = arg.indexOf('=');
			String typed = arg.startsWith("--") ? arg.substring(2, (equals < 0) ? arg.length() : equals) : null;
			String name = (typed != null) ? NAMES.get(typed) : null;
			if (name == null) {
				throw StartupException.badArgument("unknown argument '" + arg + "'; " + USAGE);
			}
			if (equals < 0 || equals == arg.length() - 1) {
				throw StartupException.badArgument(
						"--" + typed + " needs a value, as in --" + typed + (name.equals("ldif") ? "=PATH" : "=N"));
			}
			if (values.putIfAbsent(name, arg.substring(equals + 1)) != null) {
				throw StartupException.badArgument("--" + name + " is given twice"
						+ (name.equals("ldap.port") ? " (--port is short for --ldap.port)" : ""));
			}
		}
		return new Options(port(values, "ldap.port", DEFAULT_LDAP_PORT), port(values, "server.port", DEFAULT_HTTP_PORT),
				path(values.get("ldif")));
	}

	Optional<Path> ldifFile() {
		return Optional.ofNullable(this.ldif);
	}

	private static int port(Map<String, String> values, String name, int defaultPort) {
		String value = values.get(name);
		if (value == null) {
			return defaultPort;
		}
		try {
			int port = Integer.parseInt(value);
			if (port >= 0 && port <= 65_535) {
				return port;
			}
		}
		catch (NumberFormatException ex) {
			// Answered below, with the same message as an out-of-range number.
		}
		throw StartupException.badArgument(
				"--" + name + " must be a TCP port from 1 to 65535, or 0 for any free port, not '" + value + "'");
	}

	private static Path path(String value) {
		if (value == null) {
			return null;
		}
		try {
			return Path.of(value);
		}
		catch (InvalidPathException ex) {
			throw StartupException.badArgument("--ldif is not a path: '" + value + "' (" + ex.getReason() + ")");
		}
	}

}
