package dev.fluxbench.app.security;

import dev.fluxbench.app.account.TokenIssuer;
import dev.fluxbench.contract.account.AccountPaths;
import dev.fluxbench.contract.operation.OperationPaths;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationConverter;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationProvider;
import org.springframework.security.oauth2.server.resource.authentication.JwtGrantedAuthoritiesConverter;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.savedrequest.NullRequestCache;

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
	SecurityFilterChain tokenSecurity(HttpSecurity http, TokenIssuer tokens) {
		BearerProblemHandler problems = new BearerProblemHandler();
		http.securityMatcher(TOKEN_PATHS)
			.authorizeHttpRequests((requests) -> requests
				// Any method, so that a GET is answered 405 by Spring MVC rather than 401
				// for want of a token.
				.requestMatchers(AccountPaths.AUTHENTICATE)
				.permitAll()
				.anyRequest()
				.authenticated())
			.oauth2ResourceServer((resourceServer) -> resourceServer
				.jwt((jwt) -> jwt.authenticationManager(tokenAuthentication(tokens)))
				.authenticationEntryPoint(problems)
				.accessDeniedHandler(problems))
			.exceptionHandling(
					(exceptions) -> exceptions.authenticationEntryPoint(problems).accessDeniedHandler(problems))
			// The token is the whole state: no session, no cookie, so nothing for CSRF to
			// protect.
			.sessionManagement((sessions) -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.requestCache((cache) -> cache.requestCache(new NullRequestCache()))
			.csrf(AbstractHttpConfigurer::disable)
			.httpBasic(AbstractHttpConfigurer::disable)
			.formLogin(AbstractHttpConfigurer::disable)
			.logout(AbstractHttpConfigurer::disable);
		return http.build();
	}

	/**
	 * Checks a token's signature, expiry and issuer with the decoder {@link TokenIssuer}
	 * builds for both stacks, and takes the authorities from its {@code auth} claim as
	 * they are, since they already read {@code ROLE_…}. Its own manager, without the
	 * global one as a parent: a rejected token has nothing to try next.
	 */
	private static AuthenticationManager tokenAuthentication(TokenIssuer tokens) {
		JwtGrantedAuthoritiesConverter authorities = new JwtGrantedAuthoritiesConverter();
		authorities.setAuthoritiesClaimName(AccountPaths.AUTHORITIES_CLAIM);
		authorities.setAuthorityPrefix("");
		JwtAuthenticationConverter converter = new JwtAuthenticationConverter();
		converter.setJwtGrantedAuthoritiesConverter(authorities);
		JwtAuthenticationProvider provider = new JwtAuthenticationProvider(tokens.decoder());
		provider.setJwtAuthenticationConverter(converter);
		return new ProviderManager(provider);
	}

}
