package dev.fluxbench.app.chain;

import java.time.Duration;

import dev.fluxbench.app.passthrough.DownstreamProperties;
import dev.fluxbench.contract.chain.ChainPaths;
import io.netty.channel.ChannelOption;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The chain's two clients, each on a Reactor Netty pool of its own sized like the
 * passthrough's ({@code fluxbench.downstream.*}). The client to service B waits for an
 * answer no longer than the time limiter does; the client to the next hop as long as
 * {@code fluxbench.chain.hop-timeout}.
 */
@Configuration(proxyBeanMethods = false)
class ChainClientConfiguration {

	/**
	 * A chain answer holds B's payload as text, plus its few other fields; WebClient's
	 * default (256 KB) would fail a payload the contract allows.
	 */
	static final int MAX_ANSWER_BYTES = ChainPaths.MAX_BYTES + 64 * 1024;

	@Bean(destroyMethod = "dispose")
	ConnectionProvider serviceBConnectionProvider(DownstreamProperties downstream) {
		return connectionProvider("chain-service-b", downstream);
	}

	@Bean
	WebClient serviceBWebClient(WebClient.Builder builder, ConnectionProvider serviceBConnectionProvider,
			DownstreamProperties downstream, DownstreamGuards guards) {
		// The builder from Boot carries the observation registry, hence
		// http.client.requests.
		return builder.baseUrl(downstream.baseUrl().toString())
			.clientConnector(connector(serviceBConnectionProvider, downstream, guards.timeout()))
			.codecs((codecs) -> codecs.defaultCodecs().maxInMemorySize(ChainPaths.MAX_BYTES))
			.build();
	}

	@Bean(destroyMethod = "dispose")
	ConnectionProvider nextHopConnectionProvider(DownstreamProperties downstream) {
		return connectionProvider("chain-next-hop", downstream);
	}

	@Bean
	WebClient nextHopWebClient(WebClient.Builder builder, ConnectionProvider nextHopConnectionProvider,
			DownstreamProperties downstream, ChainProperties properties) {
		// No base URL: the next hop may be this app, whose port is known only once it
		// listens.
		return builder.clientConnector(connector(nextHopConnectionProvider, downstream, properties.hopTimeout()))
			.codecs((codecs) -> codecs.defaultCodecs().maxInMemorySize(MAX_ANSWER_BYTES))
			.build();
	}

	// metrics(true) publishes reactor.netty.connection.provider.* (active, idle, pending)
	// to Micrometer.
	private static ConnectionProvider connectionProvider(String name, DownstreamProperties downstream) {
		return ConnectionProvider.builder(name)
			.maxConnections(downstream.maxConnections())
			.pendingAcquireMaxCount(downstream.maxPendingAcquires())
			.pendingAcquireTimeout(downstream.acquireTimeout())
			.metrics(true)
			.build();
	}

	// No retries, as in the passthrough: Reactor Netty would otherwise resend once on a
	// closed connection.
	private static ReactorClientHttpConnector connector(ConnectionProvider connections, DownstreamProperties downstream,
			Duration responseTimeout) {
		HttpClient httpClient = HttpClient.create(connections)
			.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, Math.toIntExact(downstream.connectTimeout().toMillis()))
			.responseTimeout(responseTimeout)
			.disableRetry(true);
		return new ReactorClientHttpConnector(httpClient);
	}

}
