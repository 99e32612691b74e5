package dev.fluxbench.app.ingestion;

import java.net.URI;

import dev.fluxbench.app.client.PooledClients;
import reactor.core.publisher.Flux;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Downloads a partner's delta file as the buffers arrive, never as a whole.
 *
 * <p>
 * Its pool is its own: the passthrough's pool and timeouts must not be shared with
 * ingestions. Reactor Netty's response timeout is the longest silence between two reads,
 * not a limit on the whole download.
 */
@Component
class IngestionClient {

	private final WebClient webClient;

	IngestionClient(PooledClients clients, IngestionProperties properties) {
		// No base URL: each request names its file's whole URL.
		this.webClient = clients.builder("ingestion", properties.client()).build();
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

}
