package dev.fluxbench.app.system;

import io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider;
import org.junit.jupiter.api.Test;
import org.mariadb.r2dbc.MariadbConnectionFactoryProvider;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which databases get the drivers' loops, and under which option.
 */
class DriverLoopsTests {

	@Test
	void theOptionShouldBeTheOneBothDriversRead() {
		// By name, since the drivers are runtime dependencies: a driver that renamed it
		// would silently go back to colocating loops.
		assertThat(DriverLoops.OPTION).isSameAs(PostgresqlConnectionFactoryProvider.LOOP_RESOURCES)
			.isSameAs(MariadbConnectionFactoryProvider.LOOP_RESOURCES);
	}

	@Test
	void urlsOfPostgresqlAndMariadbShouldTakeTheLoops() {
		assertThat(DriverLoops.takesLoops("r2dbc:postgresql://127.0.0.1:5432/test?schema=fluxbench")).isTrue();
		assertThat(DriverLoops.takesLoops("r2dbc:mariadb://127.0.0.1:3306/test")).isTrue();
		assertThat(DriverLoops.takesLoops("r2dbc:pool:postgresql://127.0.0.1:5432/test")).isTrue();
	}

	@Test
	void h2ShouldTakeNoLoopsAndSaySo() {
		String h2 = "r2dbc:h2:mem:///fluxbench?options=DB_CLOSE_DELAY=-1;MODE=PostgreSQL";

		assertThat(DriverLoops.takesLoops(h2)).isFalse();
		assertThat(DriverLoops.info(h2)).containsEntry("threads", 0);
	}

}
