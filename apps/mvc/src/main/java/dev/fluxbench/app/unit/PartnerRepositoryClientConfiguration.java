package dev.fluxbench.app.unit;

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
 * The partner repository's RestClient on its own Apache HttpClient 5 pool, sized from
 * {@link PartnerRepositoryProperties}, apart from the downstream's so that one cannot
 * starve the other.
 */
@Configuration(proxyBeanMethods = false)
class PartnerRepositoryClientConfiguration {

	@Bean(destroyMethod = "close")
	PoolingHttpClientConnectionManager partnerRepositoryConnectionManager(PartnerRepositoryProperties properties) {
		return PoolingHttpClientConnectionManagerBuilder.create()
			.setMaxConnTotal(properties.maxConnections())
			.setMaxConnPerRoute(properties.maxConnections())
			.setDefaultConnectionConfig(ConnectionConfig.custom()
				.setConnectTimeout(Timeout.of(properties.connectTimeout()))
				.setSocketTimeout(Timeout.of(properties.readTimeout()))
				.build())
			.build();
	}

	@Bean
	MeterBinder partnerRepositoryPoolMetrics(PoolingHttpClientConnectionManager partnerRepositoryConnectionManager) {
		return new PoolingHttpClientConnectionManagerMetricsBinder(partnerRepositoryConnectionManager,
				"partner-repository");
	}

	@Bean(destroyMethod = "close")
	CloseableHttpClient partnerRepositoryHttpClient(
			PoolingHttpClientConnectionManager partnerRepositoryConnectionManager,
			PartnerRepositoryProperties properties) {
		// No automatic retries: a retried request would hide a failure that WebClient
		// reports.
		return HttpClients.custom()
			.setConnectionManager(partnerRepositoryConnectionManager)
			.setDefaultRequestConfig(RequestConfig.custom()
				.setConnectionRequestTimeout(Timeout.of(properties.acquireTimeout()))
				.setResponseTimeout(Timeout.of(properties.readTimeout()))
				.build())
			.disableAutomaticRetries()
			.disableRedirectHandling()
			.build();
	}

	@Bean
	RestClient partnerRepositoryRestClient(RestClient.Builder builder, CloseableHttpClient partnerRepositoryHttpClient,
			PartnerRepositoryProperties properties) {
		// The builder from Boot carries the observation registry, hence
		// http.client.requests.
		return builder.baseUrl(properties.baseUrl().toString())
			.requestFactory(new HttpComponentsClientHttpRequestFactory(partnerRepositoryHttpClient))
			.build();
	}

}
