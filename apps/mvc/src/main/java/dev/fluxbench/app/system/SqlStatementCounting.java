package dev.fluxbench.app.system;

import java.util.List;

import javax.sql.DataSource;

import net.ttddyy.dsproxy.ExecutionInfo;
import net.ttddyy.dsproxy.QueryInfo;
import net.ttddyy.dsproxy.listener.QueryExecutionListener;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Puts datasource-proxy around the pool, so that {@link SqlStatements} counts every
 * statement Hibernate, Spring Data, JdbcTemplate and Flyway execute. Boot has no hook for
 * decorating a JDBC DataSource, as it has for R2DBC's ConnectionFactory; whoever needs
 * the pool itself unwraps it (Boot's pool metrics do).
 */
class SqlStatementCounting implements BeanPostProcessor, SmartInitializingSingleton {

	private final SqlStatements statements;

	SqlStatementCounting(SqlStatements statements) {
		this.statements = statements;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof DataSource dataSource) {
			return ProxyDataSourceBuilder.create(dataSource).name(beanName).listener(new Listener()).build();
		}
		return bean;
	}

	@Override
	public void afterSingletonsInstantiated() {
		this.statements.register();
	}

	private final class Listener implements QueryExecutionListener {

		@Override
		public void beforeQuery(ExecutionInfo execution, List<QueryInfo> queries) {
		}

		@Override
		public void afterQuery(ExecutionInfo execution, List<QueryInfo> queries) {
			SqlStatementCounting.this.statements.executed();
		}

	}

}
