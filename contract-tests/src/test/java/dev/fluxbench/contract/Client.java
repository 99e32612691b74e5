package dev.fluxbench.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;

/** Sends {@link Call}s to one running stack. */
final class Client {

	/**
	 * Longer than the slowest answer of the contract (a 504 after the 2 s read timeout).
	 */
	private static final Duration TIMEOUT = Duration.ofSeconds(20);

	/**
	 * One client for the whole suite, so requests reuse kept-alive connections the way a
	 * load generator does: Reactor Netty 1.3.6 lost requests on reused connections
	 * (reactor/reactor-netty#4361), and a connection per request would hide such a bug.
	 * HTTP/1.1 only: the JDK client would otherwise offer an h2c upgrade, which no load
	 * generator or browser sends.
	 */
	private static final HttpClient HTTP = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.followRedirects(HttpClient.Redirect.NEVER)
		.build();

	private final String name;

	private final URI baseUri;

	Client(String name, URI baseUri) {
		this.name = name;
		this.baseUri = baseUri;
	}

	URI baseUri() {
		return this.baseUri;
	}

	Reply get(String path) {
		return send(Call.get(path));
	}

	Reply send(Call call) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.baseUri + call.path()))
			.timeout(TIMEOUT)
			.method(call.method(),
					(call.body() != null) ? BodyPublishers.ofString(call.body()) : BodyPublishers.noBody());
		call.headers().forEach(request::header);
		try {
			var response = HTTP.send(request.build(), BodyHandlers.ofString());
			return new Reply(this.name, call, response.statusCode(), response.headers(), response.body());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(this.name + " did not answer " + call, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while calling " + this.name, ex);
		}
	}

	@Override
	public String toString() {
		return this.name + " at " + this.baseUri;
	}

}
