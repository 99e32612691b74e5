package dev.fluxbench.app.passthrough;

import io.netty.channel.ChannelOption;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The downstream's WebClient on a Reactor Netty pool sized from
 * {@link DownstreamProperties}. Reactor Netty's default pool (500 connections, 1000
 * pending acquires) failed requests at 2048 concurrent users on this project's machines.
 */
@Configuration(proxyBeanMethods = false)
class DownstreamClientConfiguration {

	@Bean(destroyMethod = "dispose")
	ConnectionProvider downstreamConnectionProvider(DownstreamProperties properties) {
		// metrics(true) publishes reactor.netty.connection.provider.* (active, idle,
		// pending) to Micrometer.
		return ConnectionProvider.builder("downstream")
			.maxConnections(properties.maxConnections())
			.pendingAcquireMaxCount(properties.maxPendingAcquires())
			.pendingAcquireTimeout(properties.acquireTimeout())
			.metrics(true)
			.build();
	}

	@Bean
	WebClient downstreamWebClient(WebClient.Builder builder, ConnectionProvider downstreamConnectionProvider,
			DownstreamProperties properties) {
		// No retries: Reactor Netty would otherwise resend once on a closed connection,
		// which RestClient on HttpClient 5 does not.
		HttpClient httpClient = HttpClient.create(downstreamConnectionProvider)
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
