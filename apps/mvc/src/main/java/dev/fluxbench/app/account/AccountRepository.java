package dev.fluxbench.app.account;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.stereotype.Repository;

/**
 * Seed 002's users, as Spring Security checks them: one query per authentication, the
 * user and its authorities together. Plain SQL, because the feature only reads the two
 * tables that {@code V8__Seed_accounts} fills. No transaction: a single statement reads a
 * consistent user, and an authentication should not pay for a begin and a commit around
 * it.
 */
@Repository
class AccountRepository {

	private final JdbcClient jdbc;

	AccountRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	Optional<UserDetails> findByLogin(String login) {
		List<Row> rows = this.jdbc.sql("""
				select u.login, u.password_hash, u.enabled, a.authority
				from app_user u left join app_user_authority a on a.login = u.login
				where u.login = :login""")
			.param("login", login)
			.query((row, number) -> new Row(row.getString("login"), row.getString("password_hash"),
					row.getBoolean("enabled"), row.getString("authority")))
			.list();
		if (rows.isEmpty()) {
			return Optional.empty();
		}
		Row user = rows.get(0);
		// A user without authorities comes back as one row whose authority is null.
		String[] authorities = rows.stream().map(Row::authority).filter(Objects::nonNull).toArray(String[]::new);
		return Optional.of(User.withUsername(user.login())
			.password(user.passwordHash())
			.disabled(!user.enabled())
			.authorities(authorities)
			.build());
	}

	private record Row(String login, String passwordHash, boolean enabled, String authority) {

	}

}
