package dev.fluxbench.app.account;

import java.time.Duration;
import java.util.Base64;

import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Seed 002's authentication: the HMAC key tokens are signed with, how long a token lives,
 * and the BCrypt cost the seeded passwords are hashed at. The cost is what one
 * {@code POST /api/authenticate} spends in CPU, whatever the stack, so it is recorded in
 * /actuator/info and measured by {@link MeteredPasswordEncoder}.
 *
 * @param jwtSecret the HS256 key, Base64, at least 256 bits
 * @param tokenValidity how long an issued token is accepted
 * @param issuer the {@code iss} claim, checked on every request
 * @param bcryptCost the log2 of BCrypt's rounds, 4 to 31; the migration hashes the seeded
 * users with it
 */
@Validated
@ConfigurationProperties("fluxbench.account")
public record AccountProperties(@NotBlank String jwtSecret, @NotNull Duration tokenValidity, @NotBlank String issuer,
		@Min(4) @Max(31) int bcryptCost) {

	/** HS256 wants a key at least as long as its hash. */
	static final int MIN_KEY_BYTES = 32;

	public AccountProperties {
		if (jwtSecret != null && !jwtSecret.isBlank()) {
			byte[] key;
			try {
				key = Base64.getDecoder().decode(jwtSecret);
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalArgumentException("fluxbench.account.jwt-secret is not Base64: " + ex.getMessage());
			}
			if (key.length < MIN_KEY_BYTES) {
				throw new IllegalArgumentException("fluxbench.account.jwt-secret has " + key.length * 8
						+ " bits; HS256 needs at least " + MIN_KEY_BYTES * 8);
			}
		}
	}

	/** The key that signs and verifies tokens. */
	public SecretKey secretKey() {
		return new SecretKeySpec(Base64.getDecoder().decode(this.jwtSecret), "HmacSHA256");
	}

	/** Never the secret: a record's default would print it. */
	@Override
	public String toString() {
		return "AccountProperties[tokenValidity=" + this.tokenValidity + ", issuer=" + this.issuer + ", bcryptCost="
				+ this.bcryptCost + "]";
	}

}
