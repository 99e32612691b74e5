package dev.fluxbench.app.account;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.core.userdetails.UsernameNotFoundException;

/**
 * Seed 002's accounts: who may sign in, what a password check costs, and the tokens
 * handed out. The bearer-token chain that checks those tokens is in the security package,
 * beside the directory's.
 */
@Configuration(proxyBeanMethods = false)
class AccountConfiguration {

	@Bean
	TokenIssuer tokenIssuer(AccountProperties properties) {
		return new TokenIssuer(properties, Clock.systemUTC());
	}

	@Bean
	OffloadedPasswordEncoder passwordEncoder(AccountProperties properties, PasswordCheckProperties checks,
			MeterRegistry registry) {
		return new OffloadedPasswordEncoder(new MeteredPasswordEncoder(properties.bcryptCost(), registry), checks);
	}

	/**
	 * What {@code POST /api/authenticate} checks credentials with. Neither the provider
	 * nor the user lookup is a bean: Spring Security would otherwise offer them to the
	 * directory's chain, or warn that it will not.
	 */
	@Bean
	AuthenticationManager accountAuthentication(AccountRepository accounts, OffloadedPasswordEncoder passwordEncoder) {
		DaoAuthenticationProvider provider = new DaoAuthenticationProvider((login) -> accounts.findByLogin(login)
			.orElseThrow(() -> new UsernameNotFoundException("No user " + login)));
		// Spring Security hashes a dummy password for an unknown user too, so that the
		// time taken does not tell who exists; that check is counted like any other.
		provider.setPasswordEncoder(passwordEncoder);
		return new ProviderManager(provider);
	}

	/**
	 * Beside {@code account}, which both stacks share: where the checks run, under the
	 * same keys as webflux's.
	 */
	@Bean
	InfoContributor passwordCheckInfoContributor(PasswordCheckProperties properties) {
		return (builder) -> {
			Map<String, Object> check = new LinkedHashMap<>();
			check.put("runsOn", "thread-pool");
			check.put("threadNamePrefix", OffloadedPasswordEncoder.THREAD_NAME_PREFIX);
			check.put("threadCap", properties.effectiveThreads());
			check.put("queuedTaskCap", properties.queueSize());
			builder.withDetail("passwordCheck", check);
		};
	}

	@Bean
	AccountInfoContributor accountInfoContributor(AccountProperties properties) {
		return new AccountInfoContributor(properties);
	}

}
