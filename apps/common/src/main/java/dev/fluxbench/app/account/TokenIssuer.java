package dev.fluxbench.app.account;

import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

import com.nimbusds.jose.jwk.source.ImmutableSecret;
import dev.fluxbench.contract.account.AccountPaths;

import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.security.oauth2.jwt.NimbusReactiveJwtDecoder;

/**
 * Issues the HS256 tokens of {@code POST /api/authenticate}, and builds the decoders that
 * check them, so that both stacks sign and verify with the same key, algorithm, issuer
 * and clock skew.
 */
public final class TokenIssuer {

	private final AccountProperties properties;

	private final JwtEncoder encoder;

	private final Clock clock;

	public TokenIssuer(AccountProperties properties, Clock clock) {
		this.properties = properties;
		this.encoder = new NimbusJwtEncoder(new ImmutableSecret<>(properties.secretKey()));
		this.clock = clock;
	}

	/**
	 * A signed token for this user, valid for {@code fluxbench.account.token-validity}.
	 */
	public String issue(String login, Collection<String> authorities) {
		Instant now = this.clock.instant();
		JwtClaimsSet claims = JwtClaimsSet.builder()
			.issuer(this.properties.issuer())
			.subject(login)
			.issuedAt(now)
			.expiresAt(now.plus(this.properties.tokenValidity()))
			.claim(AccountPaths.AUTHORITIES_CLAIM, List.copyOf(authorities))
			.build();
		JwsHeader header = JwsHeader.with(MacAlgorithm.HS256).build();
		return this.encoder.encode(JwtEncoderParameters.from(header, claims)).getTokenValue();
	}

	/** The mvc decoder: signature, expiry and issuer. */
	public NimbusJwtDecoder decoder() {
		NimbusJwtDecoder decoder = NimbusJwtDecoder.withSecretKey(this.properties.secretKey())
			.macAlgorithm(MacAlgorithm.HS256)
			.build();
		decoder.setJwtValidator(JwtValidators.createDefaultWithIssuer(this.properties.issuer()));
		return decoder;
	}

	/** The webflux decoder, checking exactly what {@link #decoder()} checks. */
	public NimbusReactiveJwtDecoder reactiveDecoder() {
		NimbusReactiveJwtDecoder decoder = NimbusReactiveJwtDecoder.withSecretKey(this.properties.secretKey())
			.macAlgorithm(MacAlgorithm.HS256)
			.build();
		decoder.setJwtValidator(JwtValidators.createDefaultWithIssuer(this.properties.issuer()));
		return decoder;
	}

}
