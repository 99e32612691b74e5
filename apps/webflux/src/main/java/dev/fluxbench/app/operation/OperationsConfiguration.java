package dev.fluxbench.app.operation;

import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnThreading;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.task.AsyncTaskExecutor;

/**
 * Which store seed 002's operations go to, and where the blocking calls run when it is
 * JDBC. The variant is checked first, so that a combination no result file could name
 * stops the app.
 */
@Configuration(proxyBeanMethods = false)
class OperationsConfiguration {

	private static final String SCHEDULER = OperationsProperties.SCHEDULER_BEAN;

	/** The names of the bounded-elastic scheduler's threads start with this. */
	static final String SCHEDULER_THREADS = "operations";

	/**
	 * How long an idle bounded-elastic thread lives: Reactor's own default, written out.
	 */
	private static final int THREAD_TTL_SECONDS = 60;

	@Bean
	OperationsVariant operationsVariant(OperationsProperties properties, Environment environment) {
		return OperationsVariant.of(properties, Threading.VIRTUAL.isActive(environment));
	}

	@Bean
	@ConditionalOnProperty(name = OperationsProperties.REPOSITORY, havingValue = "r2dbc")
	Operations r2dbcOperations(OperationRepository operations) {
		return new R2dbcOperations(operations);
	}

	@Bean
	OperationsInfoContributor operationsInfoContributor(OperationsVariant variant, OperationsProperties properties,
			@Qualifier("applicationTaskExecutor") ObjectProvider<AsyncTaskExecutor> executor) {
		return new OperationsInfoContributor(variant, properties,
				(variant == OperationsVariant.VT) ? executor.getIfAvailable() : null);
	}

	/**
	 * Everything the repository {@code jpa} needs beyond its DataSource (see
	 * JdbcConfiguration): the reactive wrapper of mvc's repository, and the one scheduler
	 * its calls run on. Each scheduler is not a default candidate, so that nothing that
	 * wants a {@code Scheduler} by type gets it by accident.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = OperationsProperties.REPOSITORY, havingValue = "jpa")
	static class JpaOperationsConfiguration {

		@Bean
		@ConditionalOnThreading(Threading.PLATFORM)
		Operations jpaOperations(OperationJpaRepository operations, @Qualifier(SCHEDULER) Scheduler scheduler) {
			return new JpaOperations(operations, scheduler);
		}

		/**
		 * webflux-jdbc: a scheduler of our own rather than Reactor's shared
		 * bounded-elastic one, whose size (ten threads per core) would be a limit nobody
		 * chose and /actuator/info would not show.
		 */
		@Bean(name = SCHEDULER, destroyMethod = "dispose", defaultCandidate = false)
		@ConditionalOnThreading(Threading.PLATFORM)
		@ConditionalOnProperty(name = OperationsProperties.SCHEDULER, havingValue = "bounded-elastic")
		Scheduler boundedElasticScheduler(OperationsProperties properties) {
			return Schedulers.newBoundedElastic(properties.threadCap(), properties.queuedTaskCap(), SCHEDULER_THREADS,
					THREAD_TTL_SECONDS, true);
		}

		/**
		 * webflux-jdbc-parallel: Reactor's shared parallel scheduler, one thread per
		 * core, which every time-based operator uses too. A blocking call holds one of
		 * those few threads for a whole round trip to the database; that is the seed's
		 * mistake, measured on purpose. Shared, so not ours to dispose.
		 */
		@Bean(name = SCHEDULER, destroyMethod = "", defaultCandidate = false)
		@ConditionalOnThreading(Threading.PLATFORM)
		@ConditionalOnProperty(name = OperationsProperties.SCHEDULER, havingValue = "parallel")
		Scheduler parallelScheduler() {
			return Schedulers.parallel();
		}

		/**
		 * webflux-vt: the operations run on virtual threads as plain controller methods;
		 * the account lookups, which sit in a reactive sign-in, reach the same
		 * virtual-thread executor through a scheduler.
		 */
		@Bean(name = SCHEDULER, destroyMethod = "dispose", defaultCandidate = false)
		@ConditionalOnThreading(Threading.VIRTUAL)
		Scheduler virtualThreadScheduler(@Qualifier("applicationTaskExecutor") AsyncTaskExecutor executor) {
			return Schedulers.fromExecutor(executor);
		}

	}

}
