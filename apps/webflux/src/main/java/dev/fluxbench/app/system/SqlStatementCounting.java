package dev.fluxbench.app.system;

import io.r2dbc.proxy.ProxyConnectionFactory;
import io.r2dbc.proxy.core.QueryExecutionInfo;
import io.r2dbc.proxy.listener.ProxyExecutionListener;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.r2dbc.autoconfigure.ProxyConnectionFactoryCustomizer;

/**
 * Adds a listener to the r2dbc-proxy that Boot puts around the connection factory, so
 * that {@link SqlStatements} counts every statement R2DBC executes. Boot's own listener,
 * an observation per query, is left out (application.yaml): it would cost more than the
 * counter measures. The JDBC calls of the jdbc and vt variants go around R2DBC and are
 * not counted.
 */
class SqlStatementCounting implements ProxyConnectionFactoryCustomizer, SmartInitializingSingleton {

	private final SqlStatements statements;

	SqlStatementCounting(SqlStatements statements) {
		this.statements = statements;
	}

	@Override
	public void afterSingletonsInstantiated() {
		this.statements.register();
	}

	@Override
	public void customize(ProxyConnectionFactory.Builder builder) {
		builder.listener(new ProxyExecutionListener() {

			@Override
			public void afterQuery(QueryExecutionInfo execution) {
				SqlStatementCounting.this.statements.executed();
			}

		});
	}

}
