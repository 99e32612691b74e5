package dev.fluxbench.app.unit;

import io.netty.channel.ChannelOption;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The partner repository's WebClient on its own Reactor Netty pool, sized from
 * {@link PartnerRepositoryProperties}, apart from the downstream's so that one cannot
 * starve the other.
 */
@Configuration(proxyBeanMethods = false)
class PartnerRepositoryClientConfiguration {

	@Bean(destroyMethod = "dispose")
	ConnectionProvider partnerRepositoryConnectionProvider(PartnerRepositoryProperties properties) {
		// metrics(true) publishes reactor.netty.connection.provider.* (active, idle,
		// pending) to Micrometer.
		return ConnectionProvider.builder("partner-repository")
			.maxConnections(properties.maxConnections())
			.pendingAcquireMaxCount(properties.maxPendingAcquires())
			.pendingAcquireTimeout(properties.acquireTimeout())
			.metrics(true)
			.build();
	}

	@Bean
	WebClient partnerRepositoryWebClient(WebClient.Builder builder,
			ConnectionProvider partnerRepositoryConnectionProvider, PartnerRepositoryProperties properties) {
		// No retries: Reactor Netty would otherwise resend once on a closed connection,
		// which RestClient on HttpClient 5 does not.
		HttpClient httpClient = HttpClient.create(partnerRepositoryConnectionProvider)
			.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, Math.toIntExact(properties.connectTimeout().toMillis()))
			.responseTimeout(properties.readTimeout())
			.disableRetry(true);
		// The builder from Boot carries the observation registry, hence
		// http.client.requests.
		return builder.baseUrl(properties.baseUrl().toString())
			.clientConnector(new ReactorClientHttpConnector(httpClient))
			.build();
	}

}
