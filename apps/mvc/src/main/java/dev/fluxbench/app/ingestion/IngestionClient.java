package dev.fluxbench.app.ingestion;

import java.io.InputStream;
import java.net.URI;
import java.util.function.Function;

import dev.fluxbench.app.client.PooledClients;

import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

/**
 * Downloads a partner's delta file and hands its body on as a stream, never as a whole.
 *
 * <p>
 * Its pool is its own: the passthrough's pool and timeouts must not be shared with
 * ingestions. Apache HttpClient hands the body over as it arrives; the read timeout is
 * the longest silence on the socket, not a limit on the whole download.
 */
@Component
class IngestionClient {

	private final RestClient restClient;

	IngestionClient(PooledClients clients, IngestionProperties properties) {
		// No base URL: each request names its file's whole URL.
		this.restClient = clients.builder("ingestion", properties.client()).build();
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

}
