package dev.fluxbench.app.passthrough;

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
 * The downstream's RestClient on Apache HttpClient 5, whose pool we can size and observe.
 * The JDK client that Boot would pick has no pool limit to set and no pool metrics.
 */
@Configuration(proxyBeanMethods = false)
class DownstreamClientConfiguration {

	@Bean(destroyMethod = "close")
	PoolingHttpClientConnectionManager downstreamConnectionManager(DownstreamProperties properties) {
		return PoolingHttpClientConnectionManagerBuilder.create()
			.setMaxConnTotal(properties.maxConnections())
			.setMaxConnPerRoute(properties.maxConnections())
			.setDefaultConnectionConfig(ConnectionConfig.custom()
				.setConnectTimeout(Timeout.of(properties.connectTimeout()))
				.setSocketTimeout(Timeout.of(properties.readTimeout()))
				.build())
			.build();
	}

	// A MeterBinder bean is bound once the registry has its common tags (application,
	// stack).
	@Bean
	MeterBinder downstreamPoolMetrics(PoolingHttpClientConnectionManager downstreamConnectionManager) {
		return new PoolingHttpClientConnectionManagerMetricsBinder(downstreamConnectionManager, "downstream");
	}

	@Bean(destroyMethod = "close")
	// Parameters are named after the beans they take: the partner repository has a pool
	// and a client too.
	CloseableHttpClient downstreamHttpClient(PoolingHttpClientConnectionManager downstreamConnectionManager,
			DownstreamProperties properties) {
		// No automatic retries: a retried request would hide a failure that WebClient
		// reports.
		return HttpClients.custom()
			.setConnectionManager(downstreamConnectionManager)
			.setDefaultRequestConfig(RequestConfig.custom()
				.setConnectionRequestTimeout(Timeout.of(properties.acquireTimeout()))
				.setResponseTimeout(Timeout.of(properties.readTimeout()))
				.build())
			.disableAutomaticRetries()
			.disableRedirectHandling()
			.build();
	}

	@Bean
	RestClient downstreamRestClient(RestClient.Builder builder, CloseableHttpClient downstreamHttpClient,
			DownstreamProperties properties) {
		// The builder from Boot carries the observation registry, hence
		// http.client.requests.
		return builder.baseUrl(properties.baseUrl().toString())
			.requestFactory(new HttpComponentsClientHttpRequestFactory(downstreamHttpClient))
			.build();
	}

}
