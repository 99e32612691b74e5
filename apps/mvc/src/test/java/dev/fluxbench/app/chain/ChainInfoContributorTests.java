package dev.fluxbench.app.chain;

import java.time.Duration;
import java.util.Map;

import io.github.resilience4j.springboot.bulkhead.autoconfigure.BulkheadAutoConfiguration;
import io.github.resilience4j.springboot.circuitbreaker.autoconfigure.CircuitBreakerAutoConfiguration;
import io.github.resilience4j.springboot.timelimiter.autoconfigure.TimeLimiterAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.ConfigDataApplicationContextInitializer;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.validation.autoconfigure.ValidationAutoConfiguration;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What /actuator/info shows under {@code chain}, from the app's own application.yaml
 * through Resilience4j's starter: its registries, not a copy, so that a changed property
 * shows.
 */
class ChainInfoContributorTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withInitializer(new ConfigDataApplicationContextInitializer())
		.withConfiguration(
				AutoConfigurations.of(ValidationAutoConfiguration.class, CircuitBreakerAutoConfiguration.class,
						TimeLimiterAutoConfiguration.class, BulkheadAutoConfiguration.class))
		.withUserConfiguration(ChainPropertiesConfiguration.class, ChainGuardConfiguration.class,
				ServiceBCallsConfiguration.class, ChainInfoContributor.class);

	@Test
	void infoShouldShowTheSettingsOfApplicationYaml() {
		this.runner.run((context) -> {
			Map<String, Object> chain = chain(context);
			assertThat(chain).containsEntry("nextUrlConfigured", false)
				.containsEntry("maxDepth", 16)
				.containsEntry("maxBytes", 16 * 1024 * 1024)
				.containsEntry("hopTimeout", Duration.ofSeconds(10));
			assertThat(section(chain, "circuitBreaker")).containsEntry("name", "downstream")
				.containsEntry("slidingWindowType", "TIME_BASED")
				.containsEntry("slidingWindowSize", 10)
				.containsEntry("slidingWindowSynchronizationStrategy", "LOCK_FREE")
				.containsEntry("minimumNumberOfCalls", 20)
				.containsEntry("failureRateThreshold", 50.0f)
				.containsEntry("slowCallRateThreshold", 100.0f)
				.containsEntry("slowCallDurationThreshold", Duration.ofSeconds(60))
				.containsEntry("waitDurationInOpenState", Duration.ofSeconds(5))
				.containsEntry("permittedNumberOfCallsInHalfOpenState", 1)
				.containsEntry("maxWaitDurationInHalfOpenState", Duration.ZERO)
				.containsEntry("automaticTransitionFromOpenToHalfOpenEnabled", false)
				.containsEntry("writableStackTraceEnabled", false);
			assertThat(section(chain, "timeLimiter")).containsEntry("timeoutDuration", Duration.ofSeconds(1))
				.containsEntry("cancelRunningFuture", true);
			assertThat(section(chain, "bulkhead")).containsEntry("enabled", false)
				.containsEntry("maxConcurrentCalls", 25)
				.containsEntry("maxWaitDuration", Duration.ZERO);
		});
	}

	@Test
	void infoShouldShowAChangedGuardAsTheRegistryHoldsIt() {
		this.runner
			.withPropertyValues("resilience4j.circuitbreaker.instances.downstream.failure-rate-threshold=25",
					"resilience4j.timelimiter.instances.downstream.timeout-duration=3s",
					"fluxbench.chain.bulkhead-enabled=true")
			.run((context) -> {
				Map<String, Object> chain = chain(context);
				assertThat(section(chain, "circuitBreaker")).containsEntry("failureRateThreshold", 25.0f);
				assertThat(section(chain, "timeLimiter")).containsEntry("timeoutDuration", Duration.ofSeconds(3));
				assertThat(section(chain, "bulkhead")).containsEntry("enabled", true);
			});
	}

	@Test
	void infoOnPlatformThreadsShouldShowTheCallPool() {
		this.runner.run((context) -> assertThat(section(chain(context), "serviceBCalls")).isEqualTo(Map.of("runsOn",
				"thread-pool", "threadNamePrefix", "chain-call-", "threadCap", 200, "queuedTaskCap", 200)));
	}

	@Test
	void infoOnVirtualThreadsShouldShowAThreadPerCall() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=true")
			.run((context) -> assertThat(section(chain(context), "serviceBCalls"))
				.isEqualTo(Map.of("runsOn", "virtual-thread-per-task", "threadNamePrefix", "chain-call-")));
	}

	@Test
	void startupWhenTheHopTimeoutDoesNotExceedTheTimeLimiterShouldFail() {
		this.runner.withPropertyValues("fluxbench.chain.hop-timeout=1s")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("fluxbench.chain.hop-timeout (PT1S) must be longer than"));
	}

	@Test
	void startupWhenTheBulkheadWouldWaitShouldFail() {
		this.runner.withPropertyValues("resilience4j.bulkhead.instances.downstream.max-wait-duration=10ms")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("max-wait-duration must be 0"));
	}

	@Test
	void startupWithADepthBeyondTheContractsCeilingShouldFail() {
		this.runner.withPropertyValues("fluxbench.chain.max-depth=65")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasStackTraceContaining("maxDepth")
				.hasStackTraceContaining("must be less than or equal to 64"));
	}

	private static Map<String, Object> chain(AssertableApplicationContext context) {
		assertThat(context).hasNotFailed();
		Info.Builder builder = new Info.Builder();
		context.getBean(ChainInfoContributor.class).contribute(builder);
		return section(builder.build().getDetails(), "chain");
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> section(Map<String, Object> details, String name) {
		assertThat(details).containsKey(name);
		return (Map<String, Object>) details.get(name);
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties(ChainProperties.class)
	static class ChainPropertiesConfiguration {

	}

}
