package dev.fluxbench.app.chain;

import java.time.Duration;

import dev.fluxbench.app.passthrough.DownstreamProperties;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.httpcomponents.hc5.PoolingHttpClientConnectionManagerMetricsBinder;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.Timeout;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * The chain's two clients, each on an Apache HttpClient 5 pool of its own sized like the
 * passthrough's ({@code fluxbench.downstream.*}). The client to B reads no longer than
 * the time limiter waits, so that a call the limiter gave up on does not hold its
 * connection and its thread much longer; the client to the next hop reads as long as
 * {@code fluxbench.chain.hop-timeout}.
 */
@Configuration(proxyBeanMethods = false)
class ChainClientConfiguration {

	@Bean(destroyMethod = "close")
	PoolingHttpClientConnectionManager serviceBConnectionManager(DownstreamProperties downstream,
			DownstreamGuards guards) {
		return connectionManager(downstream, guards.timeout());
	}

	@Bean
	MeterBinder serviceBPoolMetrics(PoolingHttpClientConnectionManager serviceBConnectionManager) {
		return new PoolingHttpClientConnectionManagerMetricsBinder(serviceBConnectionManager, "chain-service-b");
	}

	@Bean(destroyMethod = "close")
	CloseableHttpClient serviceBHttpClient(PoolingHttpClientConnectionManager serviceBConnectionManager,
			DownstreamProperties downstream, DownstreamGuards guards) {
		return httpClient(serviceBConnectionManager, downstream, guards.timeout());
	}

	@Bean
	RestClient serviceBRestClient(RestClient.Builder builder, CloseableHttpClient serviceBHttpClient,
			DownstreamProperties downstream) {
		// The builder from Boot carries the observation registry, hence
		// http.client.requests.
		return builder.baseUrl(downstream.baseUrl().toString())
			.requestFactory(new HttpComponentsClientHttpRequestFactory(serviceBHttpClient))
			.build();
	}

	@Bean(destroyMethod = "close")
	PoolingHttpClientConnectionManager nextHopConnectionManager(DownstreamProperties downstream,
			ChainProperties properties) {
		return connectionManager(downstream, properties.hopTimeout());
	}

	@Bean
	MeterBinder nextHopPoolMetrics(PoolingHttpClientConnectionManager nextHopConnectionManager) {
		return new PoolingHttpClientConnectionManagerMetricsBinder(nextHopConnectionManager, "chain-next-hop");
	}

	@Bean(destroyMethod = "close")
	CloseableHttpClient nextHopHttpClient(PoolingHttpClientConnectionManager nextHopConnectionManager,
			DownstreamProperties downstream, ChainProperties properties) {
		return httpClient(nextHopConnectionManager, downstream, properties.hopTimeout());
	}

	@Bean
	RestClient nextHopRestClient(RestClient.Builder builder, CloseableHttpClient nextHopHttpClient) {
		// No base URL: the next hop may be this app, whose port is known only once it
		// listens.
		return builder.requestFactory(new HttpComponentsClientHttpRequestFactory(nextHopHttpClient)).build();
	}

	static PoolingHttpClientConnectionManager connectionManager(DownstreamProperties downstream, Duration readTimeout) {
		return PoolingHttpClientConnectionManagerBuilder.create()
			.setMaxConnTotal(downstream.maxConnections())
			.setMaxConnPerRoute(downstream.maxConnections())
			.setDefaultConnectionConfig(ConnectionConfig.custom()
				.setConnectTimeout(Timeout.of(downstream.connectTimeout()))
				.setSocketTimeout(Timeout.of(readTimeout))
				.build())
			.build();
	}

	// No automatic retries, as in the passthrough: a retried request would hide a
	// failure.
	static CloseableHttpClient httpClient(PoolingHttpClientConnectionManager connectionManager,
			DownstreamProperties downstream, Duration readTimeout) {
		return HttpClients.custom()
			.setConnectionManager(connectionManager)
			.setDefaultRequestConfig(RequestConfig.custom()
				.setConnectionRequestTimeout(Timeout.of(downstream.acquireTimeout()))
				.setResponseTimeout(Timeout.of(readTimeout))
				.build())
			.disableAutomaticRetries()
			.disableRedirectHandling()
			.build();
	}

}
