package dev.fluxbench.app.system;

import com.zaxxer.hikari.HikariDataSource;
import dev.fluxbench.app.operation.OperationsProperties;
import jakarta.persistence.EntityManagerFactory;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.orm.jpa.JpaTransactionManager;

/**
 * The blocking side of the jdbc and vt variants: a Hikari pool on the database R2DBC and
 * Flyway use. Boot would not build it: its DataSource backs off before R2DBC's
 * ConnectionFactory. Its presence is what starts Hibernate and Spring Data JPA, whose
 * auto-configurations wait for a DataSource, so without
 * {@code fluxbench.operations.repository=jpa} neither starts and no pool opens.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = OperationsProperties.REPOSITORY, havingValue = "jpa")
class JdbcConfiguration {

	@Bean(destroyMethod = "close")
	HikariDataSource dataSource(JdbcProperties properties) {
		HikariDataSource dataSource = new HikariDataSource();
		dataSource.setPoolName("jdbc");
		dataSource.setJdbcUrl(properties.url());
		dataSource.setUsername(properties.user());
		dataSource.setPassword(properties.password());
		dataSource.setMaximumPoolSize(properties.pool().maxSize());
		dataSource.setMinimumIdle(properties.pool().maxSize());
		dataSource.setConnectionTimeout(properties.pool().connectionTimeout().toMillis());
		return dataSource;
	}

	/**
	 * Named as Spring Data JPA's repositories look it up. Boot's own backs off as soon as
	 * any transaction manager exists, and R2DBC's may come first.
	 */
	@Bean
	JpaTransactionManager transactionManager(EntityManagerFactory entityManagerFactory) {
		return new JpaTransactionManager(entityManagerFactory);
	}

}
