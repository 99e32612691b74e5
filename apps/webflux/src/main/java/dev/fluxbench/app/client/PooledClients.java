package dev.fluxbench.app.client;

import java.util.LinkedHashMap;
import java.util.Map;

import io.netty.channel.ChannelOption;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.util.Assert;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Builds every pooled HTTP client of the app, one way: a WebClient on a Reactor Netty
 * pool of its own, sized and timed from {@link PooledClientProperties}, metered as
 * {@code reactor.netty.connection.provider.*} under the client's name, and disposed of
 * with the application context.
 *
 * <p>
 * Built here rather than by Boot's {@code ReactorClientHttpConnectorBuilder}, so that the
 * two stacks build their clients alike: mvc's must keep its pool within reach of a
 * metrics binder.
 */
@Component
public class PooledClients implements DisposableBean {

	private final WebClient.Builder builder;

	private final Map<String, ConnectionProvider> pools = new LinkedHashMap<>();

	/**
	 * Creates the factory of this stack's pooled clients.
	 * @param builder the one Boot configures, which carries the observation registry,
	 * hence {@code http.client.requests}; each client gets a copy of it
	 */
	public PooledClients(WebClient.Builder builder) {
		this.builder = builder;
	}

	/** A client of its own pool, named {@code name}, that sends to the base URL. */
	public WebClient webClient(String name, PooledClientProperties properties) {
		return builder(name, properties).baseUrl(properties.baseUrl().toString()).build();
	}

	/**
	 * A client of its own pool, named {@code name}, still to be built: without a base
	 * URL, for a client whose requests name their whole URL.
	 */
	public synchronized WebClient.Builder builder(String name, PooledClientProperties properties) {
		Assert.state(!this.pools.containsKey(name), () -> "A pool named " + name + " exists already");
		// metrics(true) publishes reactor.netty.connection.provider.* (active, idle,
		// pending) to Micrometer.
		ConnectionProvider pool = ConnectionProvider.builder(name)
			.maxConnections(properties.maxConnections())
			.pendingAcquireMaxCount(properties.maxPendingAcquires())
			.pendingAcquireTimeout(properties.acquireTimeout())
			.metrics(true)
			.build();
		// No retries: Reactor Netty would otherwise resend once on a closed connection,
		// which RestClient on HttpClient 5 does not.
		HttpClient httpClient = HttpClient.create(pool)
			.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, Math.toIntExact(properties.connectTimeout().toMillis()))
			.responseTimeout(properties.readTimeout())
			.disableRetry(true);
		this.pools.put(name, pool);
		return this.builder.clone().clientConnector(new ReactorClientHttpConnector(httpClient));
	}

	@Override
	public synchronized void destroy() {
		this.pools.values().forEach(ConnectionProvider::dispose);
	}

}
