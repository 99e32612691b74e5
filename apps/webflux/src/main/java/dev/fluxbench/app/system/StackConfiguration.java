package dev.fluxbench.app.system;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.micrometer.metrics.autoconfigure.MeterRegistryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class StackConfiguration {

	@Bean
	Stack stack() {
		return new Stack("webflux");
	}

	@Bean
	MeterRegistryCustomizer<?> stackTags(Stack stack, @Value("${spring.application.name}") String application) {
		return (registry) -> registry.config().commonTags("application", application, "stack", stack.name());
	}

}
