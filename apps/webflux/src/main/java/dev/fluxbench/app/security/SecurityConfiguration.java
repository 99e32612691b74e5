package dev.fluxbench.app.security;

import java.util.concurrent.RejectedExecutionException;

import dev.fluxbench.contract.unit.UnitPaths;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.authentication.ReactiveAuthenticationManagerAdapter;
import org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.savedrequest.NoOpServerRequestCache;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatchers;

/**
 * HTTP Basic against LDAP in front of the partner-data API and the statistics page, and
 * nothing else: artists, passthrough and actuator requests match no security filter
 * chain, so they run through no security filter and cost what they cost before.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebFluxSecurity
class SecurityConfiguration {

	/** The paths behind HTTP Basic; every other request skips security altogether. */
	static final String[] SECURED_PATHS = { "/api/**", UnitPaths.STATS };

	/** The threads the blocking LDAP bind runs on; their names start with this. */
	static final String BIND_THREADS = "ldap-bind";

	@Bean
	AuthenticationProvider ldapAuthentication(LdapProperties properties) {
		return LdapAuthentication.provider(properties);
	}

	/**
	 * Where the bind and the group search run. JNDI has no non-blocking API: a bind holds
	 * its thread for a round trip to the directory, up to the connect and read timeouts
	 * when it is slow or gone, and on a Netty event loop that would stall every
	 * connection the loop serves. The adapter's default, Reactor's shared bounded-elastic
	 * scheduler, would do too, but its size (10 threads per core) would be a limit nobody
	 * chose and that /actuator/info does not show. Not a default candidate, so that no
	 * other {@code Scheduler} injection picks it up by type.
	 */
	@Bean(destroyMethod = "dispose", defaultCandidate = false)
	Scheduler ldapBindScheduler(LdapProperties properties) {
		return Schedulers.newBoundedElastic(properties.bindThreads(), properties.bindQueueSize(), BIND_THREADS, 60,
				true);
	}

	/**
	 * The same provider as mvc's, behind the thesis'
	 * {@link ReactiveAuthenticationManagerAdapter} (section 5.4): there is no reactive
	 * LDAP client to replace it with.
	 */
	@Bean
	ReactiveAuthenticationManager ldapAuthenticationManager(AuthenticationProvider ldapAuthentication,
			@Qualifier("ldapBindScheduler") Scheduler ldapBindScheduler) {
		ReactiveAuthenticationManagerAdapter adapter = new ReactiveAuthenticationManagerAdapter(
				new ProviderManager(ldapAuthentication));
		// Explicit: the bind must run off the Netty event loop, on threads whose number
		// we chose.
		adapter.setScheduler(ldapBindScheduler);
		// A full queue refuses the task: that is the directory being saturated, a 503,
		// not a 500. Once bound, the request goes back to non-blocking threads: left on
		// the bind thread, the whole lookup would run on a pool of 200 blocking-allowed
		// threads, which is neither the reactive stack we measure nor something
		// BlockHound would check.
		return (authentication) -> adapter.authenticate(authentication)
			.onErrorMap(RejectedExecutionException.class, DirectoryUnavailableException::saturated)
			.publishOn(Schedulers.parallel());
	}

	@Bean
	SecurityWebFilterChain apiSecurity(ServerHttpSecurity http,
			ReactiveAuthenticationManager ldapAuthenticationManager) {
		SecurityProblemHandler problems = new SecurityProblemHandler();
		return http.securityMatcher(ServerWebExchangeMatchers.pathMatchers(SECURED_PATHS))
			.authorizeExchange((exchanges) -> exchanges.pathMatchers(HttpMethod.GET, UnitPaths.UNITS + "/**")
				.hasRole(UnitPaths.USER_ROLE)
				.pathMatchers(HttpMethod.GET, UnitPaths.INGESTIONS, UnitPaths.INGESTIONS + "/*")
				.hasRole(UnitPaths.USER_ROLE)
				.pathMatchers(HttpMethod.POST, UnitPaths.INGESTIONS)
				.hasRole(UnitPaths.ADMIN_ROLE)
				.pathMatchers(HttpMethod.GET, UnitPaths.STATS)
				.hasRole(UnitPaths.USER_ROLE)
				// Explicit rules only: a new endpoint under /api is refused until it is
				// given one.
				.anyExchange()
				.denyAll())
			.authenticationManager(ldapAuthenticationManager)
			.httpBasic((basic) -> basic.authenticationManager(ldapAuthenticationManager)
				.authenticationEntryPoint(problems))
			.exceptionHandling(
					(exceptions) -> exceptions.authenticationEntryPoint(problems).accessDeniedHandler(problems))
			// Every request authenticates, as the thesis' load tests did: no session, no
			// cookie, and without a session or cookie there is nothing for CSRF to
			// protect.
			.securityContextRepository(NoOpServerSecurityContextRepository.getInstance())
			.requestCache((cache) -> cache.requestCache(NoOpServerRequestCache.getInstance()))
			.csrf(ServerHttpSecurity.CsrfSpec::disable)
			.formLogin(ServerHttpSecurity.FormLoginSpec::disable)
			.logout(ServerHttpSecurity.LogoutSpec::disable)
			.build();
	}

	@Bean
	LdapInfoContributor ldapInfoContributor(LdapProperties properties) {
		return new LdapInfoContributor(properties, true);
	}

}
