package dev.fluxbench.app.security;

import dev.fluxbench.contract.unit.UnitPaths;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.savedrequest.NullRequestCache;

/**
 * HTTP Basic against LDAP in front of the partner-data API and the statistics page, and
 * nothing else: artists, passthrough and actuator requests match no security filter
 * chain, so they run through no security filter and cost what they cost before.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
class SecurityConfiguration {

	/** The paths behind HTTP Basic; every other request skips security altogether. */
	static final String[] SECURED_PATHS = { "/api/**", UnitPaths.STATS };

	@Bean
	AuthenticationProvider ldapAuthentication(LdapProperties properties) {
		return LdapAuthentication.provider(properties);
	}

	@Bean
	SecurityFilterChain apiSecurity(HttpSecurity http, AuthenticationProvider ldapAuthentication) {
		SecurityProblemHandler problems = new SecurityProblemHandler();
		http.securityMatcher(SECURED_PATHS)
			.authorizeHttpRequests((requests) -> requests.requestMatchers(HttpMethod.GET, UnitPaths.UNITS + "/**")
				.hasRole(UnitPaths.USER_ROLE)
				.requestMatchers(HttpMethod.GET, UnitPaths.INGESTIONS, UnitPaths.INGESTIONS + "/*")
				.hasRole(UnitPaths.USER_ROLE)
				.requestMatchers(HttpMethod.POST, UnitPaths.INGESTIONS)
				.hasRole(UnitPaths.ADMIN_ROLE)
				.requestMatchers(HttpMethod.GET, UnitPaths.STATS)
				.hasRole(UnitPaths.USER_ROLE)
				// Explicit rules only: a new endpoint under /api is refused until it is
				// given one.
				.anyRequest()
				.denyAll())
			// Its own manager, without the global one as a parent: a rejected password
			// would otherwise be tried against the same directory a second time.
			.authenticationManager(new ProviderManager(ldapAuthentication))
			.httpBasic((basic) -> basic.authenticationEntryPoint(problems))
			.exceptionHandling(
					(exceptions) -> exceptions.authenticationEntryPoint(problems).accessDeniedHandler(problems))
			// Every request authenticates, as the thesis' load tests did: no session, no
			// cookie, and without a session or cookie there is nothing for CSRF to
			// protect.
			.sessionManagement((sessions) -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.requestCache((cache) -> cache.requestCache(new NullRequestCache()))
			.csrf(AbstractHttpConfigurer::disable)
			.formLogin(AbstractHttpConfigurer::disable)
			.logout(AbstractHttpConfigurer::disable);
		return http.build();
	}

	@Bean
	LdapInfoContributor ldapInfoContributor(LdapProperties properties) {
		return new LdapInfoContributor(properties, false);
	}

}
