package dev.fluxbench.app.system;

import com.zaxxer.hikari.HikariDataSource;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.stereotype.Component;

/**
 * Gives Hikari {@code fluxbench.db.pool.acquire-timeout}. Hikari counts its connection
 * timeout in milliseconds, and a placeholder in application.yaml cannot turn a duration
 * such as {@code 5s} into them; webflux's r2dbc-pool takes the duration as it is.
 */
@Component
class HikariAcquireTimeout implements BeanPostProcessor {

	// Looked up when the pool is built, so that this post-processor, created before the
	// other beans, does not bind the properties early.
	private final ObjectProvider<DatabaseProperties> properties;

	HikariAcquireTimeout(ObjectProvider<DatabaseProperties> properties) {
		this.properties = properties;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (bean instanceof HikariDataSource dataSource) {
			dataSource.setConnectionTimeout(this.properties.getObject().pool().acquireTimeout().toMillis());
		}
		return bean;
	}

}
