package dev.fluxbench.app.account;

import dev.fluxbench.app.operation.OperationsProperties;
import io.r2dbc.spi.Readable;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.stereotype.Repository;

/**
 * Seed 002's users, as Spring Security checks them, through R2DBC (webflux). Plain SQL,
 * because the feature only reads the two tables that {@code V8__Seed_accounts} fills. No
 * transaction: a single statement reads a consistent user.
 */
@Repository
@ConditionalOnProperty(name = OperationsProperties.REPOSITORY, havingValue = "r2dbc")
class AccountRepository {

	private final DatabaseClient database;

	AccountRepository(DatabaseClient database) {
		this.database = database;
	}

	/** Empty when there is no such user. */
	Mono<UserDetails> findByLogin(String login) {
		return this.database.sql(AccountRow.QUERY)
			.bind("login", login)
			.map(AccountRepository::row)
			.all()
			.collectList()
			.mapNotNull(AccountRow::user);
	}

	private static AccountRow row(Readable row) {
		return new AccountRow(row.get(0, String.class), row.get(1, String.class),
				Boolean.TRUE.equals(row.get(2, Boolean.class)), row.get(3, String.class));
	}

}
