package dev.fluxbench.app.account;

import java.util.Optional;

import dev.fluxbench.app.operation.OperationsProperties;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.stereotype.Repository;

/**
 * The jdbc and vt variants' users: the same query as {@link AccountRepository}, blocking,
 * through the JDBC pool that mvc's operations repository uses too. AccountConfiguration
 * moves each call off the event loop.
 */
@Repository
@ConditionalOnProperty(name = OperationsProperties.REPOSITORY, havingValue = "jpa")
class AccountJdbcRepository {

	private final JdbcClient jdbc;

	AccountJdbcRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	Optional<UserDetails> findByLogin(String login) {
		return Optional.ofNullable(AccountRow.user(this.jdbc.sql(AccountRow.QUERY)
			.param("login", login)
			.query((row, number) -> new AccountRow(row.getString(1), row.getString(2), row.getBoolean(3),
					row.getString(4)))
			.list()));
	}

}
