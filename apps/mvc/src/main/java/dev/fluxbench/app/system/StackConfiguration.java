package dev.fluxbench.app.system;

import dev.fluxbench.app.concert.ConcertProperties;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.micrometer.metrics.autoconfigure.MeterRegistryCustomizer;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

@Configuration(proxyBeanMethods = false)
class StackConfiguration {

	// Derived from the settings that really switch the threads and the reading of
	// concerts, not from profile names, so that `--spring.threads.virtual.enabled=true`
	// alone is reported as mvc-vt too.
	@Bean
	Stack stack(Environment environment, ConcertProperties concerts) {
		return new Stack((Threading.VIRTUAL.isActive(environment) ? "mvc-vt" : "mvc") + concerts.fetch().stackSuffix());
	}

	@Bean
	static SqlStatementCounting sqlStatementCounting(ObjectProvider<MeterRegistry> registry) {
		return new SqlStatementCounting(new SqlStatements(registry));
	}

	// A bean of the configuration, not a component, so that the web slice tests run
	// without the limit and its properties.
	@Bean
	InFlightLimiter inFlightLimiter(InFlightProperties properties, ObjectProvider<MeterRegistry> registry,
			@Value("${management.endpoints.web.base-path:/actuator}") String actuatorPath) {
		return new InFlightLimiter(properties, registry, actuatorPath);
	}

	@Bean
	MeterRegistryCustomizer<?> stackTags(Stack stack, @Value("${spring.application.name}") String application) {
		return (registry) -> registry.config().commonTags("application", application, "stack", stack.name());
	}

}
