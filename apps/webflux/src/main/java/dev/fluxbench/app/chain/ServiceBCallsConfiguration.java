package dev.fluxbench.app.chain;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Where calls to service B run: on the event loops, holding no thread while they wait,
 * with the time limiter's timer on Reactor's parallel scheduler. No threads of their own,
 * unlike mvc's.
 */
@Configuration(proxyBeanMethods = false)
class ServiceBCallsConfiguration {

	@Bean
	ChainIsolation chainIsolation() {
		return new ChainIsolation("event-loop", null, null, null);
	}

}
