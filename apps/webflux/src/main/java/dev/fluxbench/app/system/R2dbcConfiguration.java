package dev.fluxbench.app.system;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.ConnectionFactory;
import reactor.core.scheduler.Schedulers;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.r2dbc.convert.R2dbcCustomConversions;
import org.springframework.data.r2dbc.dialect.DialectResolver;
import org.springframework.data.r2dbc.mapping.R2dbcMappingContext;
import org.springframework.data.relational.RelationalManagedTypes;

/**
 * Spring Data R2DBC quotes the names it renders, and H2 matches quoted names
 * case-sensitively, so {@code "artist"} would miss the {@code ARTIST} table that the
 * shared Flyway script created. JPA in the mvc stack does not quote; with plain
 * identifiers neither do we, and one script serves H2 and PostgreSQL in both stacks.
 */
@Configuration(proxyBeanMethods = false)
class R2dbcConfiguration {

	/**
	 * Boot's pool, lending on boundedElastic when the driver is H2 (see
	 * {@link OffloadedConnectionFactory}): the scheduler Reactor keeps for work that may
	 * block, as H2's statements may on its locks.
	 */
	@Bean
	static BeanPostProcessor offloadedConnectionFactory() {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessAfterInitialization(Object bean, String name) {
				return (bean instanceof ConnectionPool pool)
						? OffloadedConnectionFactory.of(pool, Schedulers.boundedElastic()) : bean;
			}

		};
	}

	@Bean
	R2dbcMappingContext r2dbcMappingContext(R2dbcCustomConversions conversions, RelationalManagedTypes managedTypes) {
		R2dbcMappingContext context = R2dbcMappingContext.forPlainIdentifiers();
		context.setSimpleTypeHolder(conversions.getSimpleTypeHolder());
		context.setManagedTypes(managedTypes);
		return context;
	}

	/**
	 * Boot's conversions for the dialect, and on MariaDB those of
	 * {@link DatabaseTimestamps}: its driver takes no OffsetDateTime, and would convert
	 * an Instant at the JVM's zone.
	 */
	@Bean
	R2dbcCustomConversions r2dbcCustomConversions(ConnectionFactory connectionFactory) {
		return R2dbcCustomConversions.of(DialectResolver.getDialect(connectionFactory),
				DatabaseTimestamps.of(connectionFactory).converters());
	}

}
