package dev.fluxbench.app.client;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.httpcomponents.hc5.PoolingHttpClientConnectionManagerMetricsBinder;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.Timeout;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.util.Assert;
import org.springframework.web.client.RestClient;

/**
 * Builds every pooled HTTP client of the app, one way: a RestClient on an Apache
 * HttpClient 5 pool of its own, sized and timed from {@link PooledClientProperties},
 * metered as {@code httpcomponents.httpclient.pool.*} under the client's name, and closed
 * with the application context.
 *
 * <p>
 * Apache HttpClient 5, because its pool can be sized and observed; the JDK client that
 * Boot would pick has neither a pool limit nor pool metrics. Built here rather than by
 * Boot's {@code HttpComponentsClientHttpRequestFactoryBuilder}, which keeps the pool it
 * builds out of reach of a metrics binder.
 */
@Component
public class PooledClients implements MeterBinder, DisposableBean {

	private final RestClient.Builder builder;

	private final Map<String, PoolingHttpClientConnectionManager> pools = new LinkedHashMap<>();

	private final List<CloseableHttpClient> httpClients = new ArrayList<>();

	private final List<MeterRegistry> registries = new ArrayList<>();

	/**
	 * Creates the factory of this stack's pooled clients.
	 * @param builder the one Boot configures, which carries the observation registry,
	 * hence {@code http.client.requests}; each client gets a copy of it
	 */
	public PooledClients(RestClient.Builder builder) {
		this.builder = builder;
	}

	/** A client of its own pool, named {@code name}, that sends to the base URL. */
	public RestClient restClient(String name, PooledClientProperties properties) {
		return builder(name, properties).baseUrl(properties.baseUrl()).build();
	}

	/**
	 * A client of its own pool, named {@code name}, still to be built: without a base
	 * URL, for a client whose requests name their whole URL.
	 */
	public synchronized RestClient.Builder builder(String name, PooledClientProperties properties) {
		Assert.state(!this.pools.containsKey(name), () -> "A pool named " + name + " exists already");
		PoolingHttpClientConnectionManager pool = PoolingHttpClientConnectionManagerBuilder.create()
			.setMaxConnTotal(properties.maxConnections())
			.setMaxConnPerRoute(properties.maxConnections())
			.setDefaultConnectionConfig(ConnectionConfig.custom()
				.setConnectTimeout(Timeout.of(properties.connectTimeout()))
				.setSocketTimeout(Timeout.of(properties.readTimeout()))
				.build())
			.build();
		// No automatic retries: a retried request would hide a failure that WebClient
		// reports. Closing the client closes the pool it owns.
		CloseableHttpClient httpClient = HttpClients.custom()
			.setConnectionManager(pool)
			.setDefaultRequestConfig(RequestConfig.custom()
				.setConnectionRequestTimeout(Timeout.of(properties.acquireTimeout()))
				.setResponseTimeout(Timeout.of(properties.readTimeout()))
				.build())
			.disableAutomaticRetries()
			.disableRedirectHandling()
			.build();
		this.pools.put(name, pool);
		this.httpClients.add(httpClient);
		this.registries.forEach((registry) -> bind(name, pool, registry));
		return this.builder.clone().requestFactory(new HttpComponentsClientHttpRequestFactory(httpClient));
	}

	/**
	 * Boot binds a MeterBinder bean once the registry has its common tags (application,
	 * stack), after every singleton exists; a pool built later is bound as it comes.
	 */
	@Override
	public synchronized void bindTo(MeterRegistry registry) {
		this.registries.add(registry);
		this.pools.forEach((name, pool) -> bind(name, pool, registry));
	}

	@Override
	public synchronized void destroy() throws IOException {
		for (CloseableHttpClient httpClient : this.httpClients) {
			httpClient.close();
		}
	}

	private static void bind(String name, PoolingHttpClientConnectionManager pool, MeterRegistry registry) {
		new PoolingHttpClientConnectionManagerMetricsBinder(pool, name).bindTo(registry);
	}

}
