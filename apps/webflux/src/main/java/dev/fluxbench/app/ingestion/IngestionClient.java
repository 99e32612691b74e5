package dev.fluxbench.app.ingestion;

import java.net.URI;

import io.netty.channel.ChannelOption;
import reactor.core.publisher.Flux;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Downloads a partner's delta file as the buffers arrive, never as a whole.
 *
 * <p>
 * Its HTTP client is its own, not a bean: the passthrough's pool and timeouts must not be
 * shared with ingestions, and a second client bean would leave the app's injections by
 * type ambiguous. Reactor Netty's response timeout is the longest silence between two
 * reads, not a limit on the whole download.
 */
@Component
class IngestionClient implements DisposableBean {

	private final ConnectionProvider connections;

	private final WebClient webClient;

	IngestionClient(WebClient.Builder builder, IngestionProperties properties) {
		// One connection per partner is all the schedule ever uses at once.
		this.connections = ConnectionProvider.builder("ingestion").maxConnections(properties.partners().size()).build();
		HttpClient httpClient = HttpClient.create(this.connections)
			.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, Math.toIntExact(properties.connectTimeout().toMillis()))
			.responseTimeout(properties.readTimeout())
			.disableRetry(true);
		// The builder from Boot carries the observation registry, hence
		// http.client.requests.
		this.webClient = builder.clientConnector(new ReactorClientHttpConnector(httpClient)).build();
	}

	/**
	 * The file's body, buffer by buffer, at the pace its subscriber asks for them; a
	 * {@link DownloadException} when the server answers with anything but 2xx.
	 */
	Flux<DataBuffer> download(URI url) {
		return this.webClient.get()
			.uri(url)
			.accept(MediaType.APPLICATION_NDJSON, MediaType.ALL)
			.exchangeToFlux((response) -> {
				if (!response.statusCode().is2xxSuccessful()) {
					return response.releaseBody()
						.thenMany(Flux.error(new DownloadException(url, response.statusCode().value())));
				}
				return response.bodyToFlux(DataBuffer.class);
			});
	}

	@Override
	public void destroy() {
		this.connections.dispose();
	}

}
