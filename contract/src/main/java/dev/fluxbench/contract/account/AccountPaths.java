package dev.fluxbench.contract.account;

/**
 * Seed 002's authentication endpoints. A token travels as
 * {@code Authorization: Bearer …}, the header the seed's Gatling check reads it from.
 */
public final class AccountPaths {

	/** {@code GET}: who the token belongs to; 401 without one. */
	public static final String ACCOUNT = "/api/account";

	/**
	 * {@code POST} {@link Credentials}: a token in the {@code Authorization} header and
	 * the body.
	 */
	public static final String AUTHENTICATE = "/api/authenticate";

	/** The prefix of the {@code Authorization} header's value. */
	public static final String BEARER_PREFIX = "Bearer ";

	/** The JWT claim that carries the user's authorities, as a list of strings. */
	public static final String AUTHORITIES_CLAIM = "auth";

	private AccountPaths() {
	}

}
