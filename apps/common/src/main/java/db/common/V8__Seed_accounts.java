package db.common;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

import dev.fluxbench.contract.account.SeedAccounts;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

/**
 * Seeds {@link SeedAccounts} with BCrypt hashes at the cost the {@code bcrypt_cost}
 * placeholder gives ({@code fluxbench.account.bcrypt-cost}). A hash in an SQL script
 * would fix the cost, and the cost is what one authentication spends: a benchmark must be
 * able to choose it and record it. Java, not SQL, because only a BCrypt implementation
 * can write such a hash.
 */
public class V8__Seed_accounts extends BaseJavaMigration {

	/** The placeholder both apps set from {@code fluxbench.account.bcrypt-cost}. */
	public static final String COST_PLACEHOLDER = "bcrypt_cost";

	@Override
	public void migrate(Context context) throws SQLException {
		String cost = context.getConfiguration().getPlaceholders().get(COST_PLACEHOLDER);
		if (cost == null) {
			throw new IllegalStateException("Flyway placeholder " + COST_PLACEHOLDER + " is not set");
		}
		BCryptPasswordEncoder encoder = new BCryptPasswordEncoder(Integer.parseInt(cost));
		Connection connection = context.getConnection();
		try (PreparedStatement user = connection
			.prepareStatement("insert into app_user (login, password_hash, enabled) values (?, ?, ?)");
				PreparedStatement authority = connection
					.prepareStatement("insert into app_user_authority (login, authority) values (?, ?)")) {
			for (SeedAccounts.Account account : SeedAccounts.ALL) {
				user.setString(1, account.login());
				user.setString(2, encoder.encode(account.password()));
				user.setBoolean(3, true);
				user.executeUpdate();
				for (String granted : account.authorities()) {
					authority.setString(1, account.login());
					authority.setString(2, granted);
					authority.executeUpdate();
				}
			}
		}
	}

}
