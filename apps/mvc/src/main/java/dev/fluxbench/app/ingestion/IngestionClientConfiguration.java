package dev.fluxbench.app.ingestion;

import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.Timeout;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * The file server's RestClient, apart from the passthrough's: its pool and timeouts must not be
 * shared with benchmark traffic, and a file of any size must stream. Apache HttpClient hands the
 * body over as it arrives; the read timeout is the longest silence on the socket, not a limit on the
 * whole download.
 */
@Configuration(proxyBeanMethods = false)
class IngestionClientConfiguration {

	@Bean(destroyMethod = "close")
	CloseableHttpClient ingestionHttpClient(IngestionProperties properties) {
		// One connection per partner is all the schedule ever uses at once.
		int connections = properties.partners().size();
		return HttpClients.custom()
			.setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
				.setMaxConnTotal(connections)
				.setMaxConnPerRoute(connections)
				.setDefaultConnectionConfig(ConnectionConfig.custom()
					.setConnectTimeout(Timeout.of(properties.connectTimeout()))
					.setSocketTimeout(Timeout.of(properties.readTimeout()))
					.build())
				.build())
			.setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(Timeout.of(properties.readTimeout())).build())
			// Compressed files would be inflated by the client behind our back; the server sends plain NDJSON.
			.disableContentCompression()
			.disableAutomaticRetries()
			.build();
	}

	@Bean
	RestClient ingestionRestClient(RestClient.Builder builder, CloseableHttpClient ingestionHttpClient) {
		return builder.requestFactory(new HttpComponentsClientHttpRequestFactory(ingestionHttpClient)).build();
	}

}
