package dev.fluxbench.contract.account;

import java.util.List;

/**
 * The users every database is seeded with. Seed 002's scenario signs in as
 * {@code admin}/{@code admin}; {@code user} has fewer rights, so that a test can tell the
 * two apart.
 */
public final class SeedAccounts {

	public static final String ROLE_ADMIN = "ROLE_ADMIN";

	public static final String ROLE_USER = "ROLE_USER";

	public static final Account ADMIN = new Account("admin", "admin", List.of(ROLE_ADMIN, ROLE_USER));

	public static final Account USER = new Account("user", "user", List.of(ROLE_USER));

	public static final List<Account> ALL = List.of(ADMIN, USER);

	private SeedAccounts() {
	}

	/**
	 * A seeded user, with its password in clear: these are test accounts, known to
	 * everyone.
	 */
	public record Account(String login, String password, List<String> authorities) {

	}

}
