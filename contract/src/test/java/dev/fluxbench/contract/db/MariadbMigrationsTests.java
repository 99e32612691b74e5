package dev.fluxbench.contract.db;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * db/mariadb repeats db/migration, which H2 and PostgreSQL share, in MariaDB's SQL: a
 * version added to one and not the other would give MariaDB another schema.
 */
class MariadbMigrationsTests {

	@Test
	void everySharedMigrationShouldHaveItsMariadbCounterpart() throws IOException {
		assertThat(scripts("db/mariadb")).containsExactlyElementsOf(scripts("db/migration"));
	}

	private static List<String> scripts(String location) throws IOException {
		try (Stream<Path> files = Files.list(path(location))) {
			return files.map((file) -> file.getFileName().toString()).sorted().toList();
		}
	}

	private static Path path(String resource) {
		try {
			return Path.of(MariadbMigrationsTests.class.getClassLoader().getResource(resource).toURI());
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
