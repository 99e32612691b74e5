package dev.fluxbench.app.account;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.fluxbench.app.operation.OperationsProperties;
import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authentication.AccountStatusUserDetailsChecker;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.authentication.UserDetailsRepositoryReactiveAuthenticationManager;
import org.springframework.security.core.userdetails.ReactiveUserDetailsService;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Seed 002's accounts: who may sign in, where a password check runs and what it costs,
 * and the tokens handed out. The bearer-token chain that checks those tokens is in the
 * security package, beside the directory's.
 *
 * <p>
 * The user lookup, the manager and the schedulers are not default candidates: Spring
 * Security would otherwise offer the first two to the directory's chain, and a
 * {@code Scheduler} wanted by type elsewhere could get one of ours.
 */
@Configuration(proxyBeanMethods = false)
class AccountConfiguration {

	/** The names of the threads that check passwords start with this. */
	static final String PASSWORD_CHECK_THREADS = "password-check";

	/** The qualifier of the user lookup, whichever store it reads. */
	private static final String ACCOUNT_LOOKUP = "accountLookup";

	/**
	 * How long an idle password-check thread lives: Reactor's own default, written out.
	 */
	private static final int THREAD_TTL_SECONDS = 60;

	@Bean
	TokenIssuer tokenIssuer(AccountProperties properties) {
		return new TokenIssuer(properties, Clock.systemUTC());
	}

	@Bean
	MeteredPasswordEncoder passwordEncoder(AccountProperties properties, MeterRegistry registry) {
		return new MeteredPasswordEncoder(properties.bcryptCost(), registry);
	}

	/**
	 * Where BCrypt runs: never on an event loop, nor on Reactor's shared schedulers,
	 * whose timers (every timeout, r2dbc-pool's acquire timeout among them) would wait
	 * behind a check. Bounded elastic for its two explicit caps; BCrypt never blocks, so
	 * its size is a CPU budget.
	 */
	@Bean(destroyMethod = "dispose", defaultCandidate = false)
	Scheduler passwordCheckScheduler(PasswordCheckProperties properties) {
		return Schedulers.newBoundedElastic(properties.effectiveThreads(), properties.queueSize(),
				PASSWORD_CHECK_THREADS, THREAD_TTL_SECONDS, true);
	}

	/** webflux: the users through R2DBC, like everything else in this stack. */
	@Bean(defaultCandidate = false)
	@Qualifier(ACCOUNT_LOOKUP)
	@ConditionalOnProperty(name = OperationsProperties.REPOSITORY, havingValue = "r2dbc")
	ReactiveUserDetailsService r2dbcAccountLookup(AccountRepository accounts) {
		return accounts::findByLogin;
	}

	/**
	 * The jdbc and vt variants: the users through JDBC, on the scheduler the operations'
	 * blocking calls run on, as in the seed, where the whole application below the REST
	 * layer was blocking.
	 */
	@Bean(defaultCandidate = false)
	@Qualifier(ACCOUNT_LOOKUP)
	@ConditionalOnProperty(name = OperationsProperties.REPOSITORY, havingValue = "jpa")
	ReactiveUserDetailsService jdbcAccountLookup(AccountJdbcRepository accounts,
			@Qualifier(OperationsProperties.SCHEDULER_BEAN) Scheduler scheduler) {
		return (login) -> Mono.fromCallable(() -> accounts.findByLogin(login).orElse(null)).subscribeOn(scheduler);
	}

	/**
	 * What {@code POST /api/authenticate} checks credentials with. The lookup runs where
	 * its store wants it; the manager then moves to the password-check scheduler, checks,
	 * and issues the token there. An unknown user is checked against a hash of a secret
	 * nobody knows, as mvc's DaoAuthenticationProvider does, so that every sign-in costs
	 * one check and the time taken does not tell who exists; the reactive manager would
	 * otherwise answer at once.
	 */
	@Bean(defaultCandidate = false)
	ReactiveAuthenticationManager accountAuthentication(@Qualifier(ACCOUNT_LOOKUP) ReactiveUserDetailsService accounts,
			PasswordEncoder passwordEncoder, @Qualifier("passwordCheckScheduler") Scheduler scheduler) {
		UserDetails unknown = User.withUsername("unknown user")
			.password(passwordEncoder.encode(UUID.randomUUID().toString()))
			.authorities(List.of())
			.build();
		ReactiveUserDetailsService orUnknown = (login) -> accounts.findByUsername(login).defaultIfEmpty(unknown);
		UserDetailsRepositoryReactiveAuthenticationManager manager = new UserDetailsRepositoryReactiveAuthenticationManager(
				orUnknown);
		manager.setPasswordEncoder(passwordEncoder);
		// Explicit: the manager's default is Reactor's shared bounded-elastic scheduler.
		manager.setScheduler(scheduler);
		AccountStatusUserDetailsChecker status = new AccountStatusUserDetailsChecker();
		manager.setPostAuthenticationChecks((user) -> {
			// Only if someone guessed the secret: the stand-in must never sign in.
			if (user == unknown) {
				throw new BadCredentialsException("Invalid Credentials");
			}
			status.check(user);
		});
		return manager;
	}

	@Bean
	AccountInfoContributor accountInfoContributor(AccountProperties properties) {
		return new AccountInfoContributor(properties);
	}

	/**
	 * Beside {@code account}, which both stacks share; mvc reports its own pool under the
	 * same keys.
	 */
	@Bean
	InfoContributor passwordCheckInfoContributor(PasswordCheckProperties properties) {
		return (builder) -> {
			Map<String, Object> check = new LinkedHashMap<>();
			check.put("runsOn", "scheduler");
			check.put("scheduler", "bounded-elastic");
			check.put("threadNamePrefix", PASSWORD_CHECK_THREADS);
			check.put("threadCap", properties.effectiveThreads());
			check.put("queuedTaskCap", properties.queueSize());
			builder.withDetail("passwordCheck", check);
		};
	}

}
