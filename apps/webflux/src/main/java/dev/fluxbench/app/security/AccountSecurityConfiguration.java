package dev.fluxbench.app.security;

import dev.fluxbench.app.account.TokenIssuer;
import dev.fluxbench.contract.account.AccountPaths;
import dev.fluxbench.contract.operation.OperationPaths;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationConverter;
import org.springframework.security.oauth2.server.resource.authentication.JwtGrantedAuthoritiesConverter;
import org.springframework.security.oauth2.server.resource.authentication.ReactiveJwtAuthenticationConverterAdapter;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.savedrequest.NoOpServerRequestCache;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatchers;

/**
 * Seed 002's bearer tokens in front of its account and operations, as the JHipster
 * applications of the seed had them: {@code POST /api/authenticate} hands out a token and
 * every other request shows it. These paths are under {@code /api}, so this chain comes
 * before the directory's, which would otherwise take them and refuse them.
 */
@Configuration(proxyBeanMethods = false)
class AccountSecurityConfiguration {

	/**
	 * The paths behind bearer tokens; the rest of {@code /api} stays with the directory's
	 * chain.
	 */
	static final String[] TOKEN_PATHS = { AccountPaths.ACCOUNT, AccountPaths.AUTHENTICATE, OperationPaths.OPERATIONS,
			OperationPaths.OPERATIONS + "/**" };

	@Bean
	@Order(0)
	SecurityWebFilterChain tokenSecurity(ServerHttpSecurity http, TokenIssuer tokens) {
		BearerProblemHandler problems = new BearerProblemHandler();
		return http.securityMatcher(ServerWebExchangeMatchers.pathMatchers(TOKEN_PATHS))
			.authorizeExchange((exchanges) -> exchanges
				// Any method, so that a GET is answered 405 by WebFlux rather than 401
				// for want of a token.
				.pathMatchers(AccountPaths.AUTHENTICATE)
				.permitAll()
				.anyExchange()
				.authenticated())
			.oauth2ResourceServer((resourceServer) -> resourceServer
				.jwt((jwt) -> jwt.jwtDecoder(tokens.reactiveDecoder()).jwtAuthenticationConverter(authentication()))
				.authenticationEntryPoint(problems)
				.accessDeniedHandler(problems))
			.exceptionHandling(
					(exceptions) -> exceptions.authenticationEntryPoint(problems).accessDeniedHandler(problems))
			// The token is the whole state: no session, no cookie, so nothing for CSRF to
			// protect.
			.securityContextRepository(NoOpServerSecurityContextRepository.getInstance())
			.requestCache((cache) -> cache.requestCache(NoOpServerRequestCache.getInstance()))
			.csrf(ServerHttpSecurity.CsrfSpec::disable)
			.httpBasic(ServerHttpSecurity.HttpBasicSpec::disable)
			.formLogin(ServerHttpSecurity.FormLoginSpec::disable)
			.logout(ServerHttpSecurity.LogoutSpec::disable)
			.build();
	}

	/**
	 * The authorities from the token's {@code auth} claim as they are, since they already
	 * read {@code ROLE_…}. The decoder, built by {@link TokenIssuer} for both stacks,
	 * checks the signature, expiry and issuer, on the event loop: an HMAC costs less than
	 * a hop to another thread.
	 */
	private static ReactiveJwtAuthenticationConverterAdapter authentication() {
		JwtGrantedAuthoritiesConverter authorities = new JwtGrantedAuthoritiesConverter();
		authorities.setAuthoritiesClaimName(AccountPaths.AUTHORITIES_CLAIM);
		authorities.setAuthorityPrefix("");
		JwtAuthenticationConverter converter = new JwtAuthenticationConverter();
		converter.setJwtGrantedAuthoritiesConverter(authorities);
		return new ReactiveJwtAuthenticationConverterAdapter(converter);
	}

}
