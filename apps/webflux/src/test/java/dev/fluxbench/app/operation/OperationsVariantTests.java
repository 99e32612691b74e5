package dev.fluxbench.app.operation;

import dev.fluxbench.app.operation.OperationsProperties.Repository;
import dev.fluxbench.app.operation.OperationsProperties.SchedulerKind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class OperationsVariantTests {

	@Test
	void eachProfileListShouldNameItsStack() {
		assertThat(OperationsVariant.of(properties(Repository.R2DBC, SchedulerKind.BOUNDED_ELASTIC), false).stack())
			.isEqualTo("webflux");
		assertThat(OperationsVariant.of(properties(Repository.JPA, SchedulerKind.BOUNDED_ELASTIC), false).stack())
			.isEqualTo("webflux-jdbc");
		assertThat(OperationsVariant.of(properties(Repository.JPA, SchedulerKind.PARALLEL), false).stack())
			.isEqualTo("webflux-jdbc-parallel");
		assertThat(OperationsVariant.of(properties(Repository.JPA, SchedulerKind.BOUNDED_ELASTIC), true).stack())
			.isEqualTo("webflux-vt");
	}

	@Test
	void parallelWithoutJdbcShouldNotStart() {
		assertThatIllegalStateException()
			.isThrownBy(() -> OperationsVariant.of(properties(Repository.R2DBC, SchedulerKind.PARALLEL), false))
			.withMessage("fluxbench.operations.scheduler=parallel applies to fluxbench.operations.repository=jpa only: "
					+ "use the profiles jdbc,parallel");
	}

	@Test
	void virtualThreadsOverR2dbcShouldNotStart() {
		assertThatIllegalStateException()
			.isThrownBy(() -> OperationsVariant.of(properties(Repository.R2DBC, SchedulerKind.BOUNDED_ELASTIC), true))
			.withMessageContaining("set fluxbench.operations.repository=jpa too");
	}

	@Test
	void virtualThreadsWithTheParallelSchedulerShouldNotStart() {
		assertThatIllegalStateException()
			.isThrownBy(() -> OperationsVariant.of(properties(Repository.JPA, SchedulerKind.PARALLEL), true))
			.withMessageStartingWith("fluxbench.operations.scheduler=parallel is webflux-jdbc-parallel's");
	}

	private static OperationsProperties properties(Repository repository, SchedulerKind scheduler) {
		return new OperationsProperties(repository, scheduler, 200, 100_000);
	}

}
