package dev.fluxbench.app.account;

import java.util.List;
import java.util.Objects;

import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;

/**
 * One row of {@link #QUERY}: a user with one of its authorities. Both account
 * repositories read the same query into the same rows, so that R2DBC and JDBC answer
 * alike.
 */
record AccountRow(String login, String passwordHash, boolean enabled, String authority) {

	/** The user and its authorities together: one query per sign-in. */
	static final String QUERY = """
			select u.login, u.password_hash, u.enabled, a.authority
			from app_user u left join app_user_authority a on a.login = u.login
			where u.login = :login""";

	/** The user these rows describe, or null without rows: there is no such user. */
	static UserDetails user(List<AccountRow> rows) {
		if (rows.isEmpty()) {
			return null;
		}
		AccountRow user = rows.get(0);
		// A user without authorities comes back as one row whose authority is null.
		String[] authorities = rows.stream().map(AccountRow::authority).filter(Objects::nonNull).toArray(String[]::new);
		return User.withUsername(user.login())
			.password(user.passwordHash())
			.disabled(!user.enabled())
			.authorities(authorities)
			.build();
	}

}
