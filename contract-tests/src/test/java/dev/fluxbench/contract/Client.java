package dev.fluxbench.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;

import dev.fluxbench.launcher.RunningService;

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

	/**
	 * Log lines of the service quoted in a failure, enough to show a crash or a stall.
	 */
	private static final int LOG_LINES_ON_FAILURE = 40;

	private final String name;

	private final RunningService service;

	Client(String name, RunningService service) {
		this.name = name;
		this.service = service;
	}

	URI baseUri() {
		return this.service.baseUri();
	}

	Reply get(String path) {
		return send(Call.get(path));
	}

	Reply send(Call call) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUri() + call.path()))
			.timeout(TIMEOUT)
			.method(call.method(),
					(call.body() != null) ? BodyPublishers.ofString(call.body()) : BodyPublishers.noBody());
		call.headers().forEach(request::header);
		try {
			var response = HTTP.send(request.build(), BodyHandlers.ofString());
			return new Reply(this.name, call, response.statusCode(), response.headers(), response.body());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(this.name + " did not answer " + call + ": " + ex + "; " + state(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while calling " + this.name, ex);
		}
	}

	/**
	 * What a CI log must show when a stack stops answering: whether its process is alive,
	 * and the end of its log, which a fresh clone's CI run does not keep.
	 */
	private String state() {
		String process = this.service.isAlive() ? "pid " + this.service.pid() + " alive"
				: "exited with " + this.service.exitCode();
		return process + ", last lines of " + this.service.logFile() + ":%n  ".formatted()
				+ String.join("%n  ".formatted(), this.service.logTail(LOG_LINES_ON_FAILURE));
	}

	@Override
	public String toString() {
		return this.name + " at " + baseUri();
	}

}
