package dev.fluxbench.app.ingestion;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.function.Function;

import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.Timeout;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.MediaType;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

/**
 * Downloads a partner's delta file and hands its body on as a stream, never as a whole.
 *
 * <p>
 * Its HTTP client is its own, not a bean: the passthrough's pool and timeouts must not be
 * shared with ingestions, and a second client bean would leave the app's injections by
 * type ambiguous. Apache HttpClient hands the body over as it arrives; the read timeout
 * is the longest silence on the socket, not a limit on the whole download.
 */
@Component
class IngestionClient implements DisposableBean {

	private final CloseableHttpClient httpClient;

	private final RestClient restClient;

	IngestionClient(RestClient.Builder builder, IngestionProperties properties) {
		// One connection per partner is all the schedule ever uses at once.
		int connections = properties.partners().size();
		this.httpClient = HttpClients.custom()
			.setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
				.setMaxConnTotal(connections)
				.setMaxConnPerRoute(connections)
				.setDefaultConnectionConfig(ConnectionConfig.custom()
					.setConnectTimeout(Timeout.of(properties.connectTimeout()))
					.setSocketTimeout(Timeout.of(properties.readTimeout()))
					.build())
				.build())
			.setDefaultRequestConfig(
					RequestConfig.custom().setResponseTimeout(Timeout.of(properties.readTimeout())).build())
			.disableAutomaticRetries()
			.build();
		// The builder from Boot carries the observation registry, hence
		// http.client.requests.
		this.restClient = builder.requestFactory(new HttpComponentsClientHttpRequestFactory(this.httpClient)).build();
	}

	/**
	 * Hands the file's body to {@code reader} while it downloads, and answers what the
	 * reader made of it; the connection is released when the reader returns.
	 * @throws DownloadException when the server answers with anything but 2xx
	 */
	<T> T download(URI url, Function<InputStream, T> reader) {
		return this.restClient.get()
			.uri(url)
			.accept(MediaType.APPLICATION_NDJSON, MediaType.ALL)
			.exchange((request, response) -> {
				if (!response.getStatusCode().is2xxSuccessful()) {
					throw new DownloadException(url, response.getStatusCode().value());
				}
				return reader.apply(response.getBody());
			});
	}

	@Override
	public void destroy() throws IOException {
		this.httpClient.close();
	}

}
