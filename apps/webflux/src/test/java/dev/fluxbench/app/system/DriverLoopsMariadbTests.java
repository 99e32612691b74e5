package dev.fluxbench.app.system;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The drivers' loops on MariaDB. Skipped where MariaDB does not answer on 127.0.0.1:3306.
 */
@SpringBootTest(properties = "fluxbench.db.pool.max-size=" + AbstractDriverLoopsTests.CONNECTIONS)
@ActiveProfiles("mariadb")
class DriverLoopsMariadbTests extends AbstractDriverLoopsTests {

	private static final String DATABASE = "fluxbench_driver_loops_test";

	@BeforeAll
	static void freshDatabase() {
		MariadbDatabase.fresh(DATABASE);
	}

	@AfterAll
	static void dropDatabaseAfterwards() {
		MariadbDatabase.drop(DATABASE);
	}

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) {
		MariadbDatabase.register(registry, DATABASE);
	}

	@Override
	String pause() {
		return "select sleep(0.2)";
	}

}
