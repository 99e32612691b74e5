package dev.fluxbench.harness.target;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;

import dev.fluxbench.harness.launch.EnvironmentException;

/**
 * The first request a given target gets, before anything runs: a target that is down or
 * failing would otherwise be measured as a wall of errors. Any answer below 500 will do
 * (a 404 on the base path says the service is up); no answer or a 5xx stops the run with
 * exit code 3.
 */
public final class Probe {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private Probe() {
	}

	public static void check(Target.Given target) {
		try (HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build()) {
			HttpResponse<Void> response = client.send(
					HttpRequest.newBuilder(target.baseUri()).timeout(TIMEOUT).GET().build(),
					HttpResponse.BodyHandlers.discarding());
			if (response.statusCode() >= 500) {
				throw new EnvironmentException("target " + target.id() + " at " + target.baseUri() + " answered "
						+ response.statusCode() + " to a first GET: fix the service before measuring it");
			}
		}
		catch (IOException ex) {
			throw new EnvironmentException(
					"target " + target.id() + " at " + target.baseUri() + " is unreachable: " + reason(ex));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new EnvironmentException("interrupted while probing target " + target.id());
		}
		target.metrics().ifPresent((metrics) -> metrics.check(target.id()));
	}

	static String reason(IOException ex) {
		if (ex instanceof HttpConnectTimeoutException) {
			return "connect timed out";
		}
		if (ex instanceof HttpTimeoutException) {
			return "no answer within " + TIMEOUT.toSeconds() + " s";
		}
		if (ex instanceof ConnectException) {
			return "connection refused";
		}
		return (ex.getMessage() != null) ? ex.getMessage() : ex.getClass().getSimpleName();
	}

}
