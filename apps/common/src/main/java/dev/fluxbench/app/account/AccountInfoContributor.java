package dev.fluxbench.app.account;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;

/**
 * Seed 002's authentication settings under {@code account} in /actuator/info. Never the
 * key.
 */
public final class AccountInfoContributor implements InfoContributor {

	private final AccountProperties properties;

	public AccountInfoContributor(AccountProperties properties) {
		this.properties = properties;
	}

	@Override
	public void contribute(Info.Builder builder) {
		Map<String, Object> account = new LinkedHashMap<>();
		account.put("tokenAlgorithm", "HS256");
		account.put("tokenValidity", this.properties.tokenValidity().toString());
		account.put("issuer", this.properties.issuer());
		account.put("passwordHash", "bcrypt");
		account.put("bcryptCost", this.properties.bcryptCost());
		builder.withDetail("account", account);
	}

}
