package dev.fluxbench.app.system;

import dev.fluxbench.app.concert.ConcertProperties;
import dev.fluxbench.app.operation.OperationsVariant;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.micrometer.metrics.autoconfigure.MeterRegistryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class StackConfiguration {

	// Seed 002's variants are stacks of their own in every result: webflux, webflux-jdbc,
	// webflux-jdbc-parallel or webflux-vt, from the settings that switch them
	// (OperationsVariant), and so is seed 001's way of reading concerts
	// (webflux-per-relation).
	@Bean
	Stack stack(OperationsVariant variant, ConcertProperties concerts) {
		return new Stack(variant.stack() + concerts.fetch().stackSuffix());
	}

	@Bean
	SqlStatementCounting sqlStatementCounting(ObjectProvider<MeterRegistry> registry) {
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
