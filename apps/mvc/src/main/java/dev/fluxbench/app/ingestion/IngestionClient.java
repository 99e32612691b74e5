package dev.fluxbench.app.ingestion;

import java.io.InputStream;
import java.net.URI;
import java.util.function.Function;

import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

/** Downloads a partner's delta file and hands its body on as a stream, never as a whole. */
@Component
class IngestionClient {

	private final RestClient restClient;

	IngestionClient(RestClient ingestionRestClient) {
		this.restClient = ingestionRestClient;
	}

	/**
	 * Hands the file's body to {@code reader} while it downloads, and answers what the reader made
	 * of it; the connection is released when the reader returns.
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
