package dev.fluxbench.launcher;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;

/**
 * Waits for a service's readiness probe. It asks the service over HTTP, as a load balancer would,
 * and never reads the log: log lines change with every framework release, the probe does not.
 */
final class Readiness {

	static final Duration POLL_INTERVAL = Duration.ofMillis(100);

	/** Longer than any healthy probe; short enough that a hung probe is retried well before the deadline. */
	private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

	private Readiness() {
	}

	/**
	 * Waits until the readiness path answers 200.
	 * @param deadline in {@link System#nanoTime()} terms, shared with the launch
	 * @param timeout what the deadline stands for, for the message
	 */
	static void await(RunningService service, String path, long deadline, Duration timeout) {
		URI probe = service.uri(path);
		String lastAnswer = "no answer";
		try (HttpClient client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(PROBE_TIMEOUT)
			.build()) {
			while (true) {
				if (!service.isAlive()) {
					throw new ServiceStartException(service.name(),
							"exited with code " + service.exitCode().orElse(-1) + " before it was ready (pid " + service.pid() + ").",
							service.logFile());
				}
				Duration left = Duration.ofNanos(deadline - System.nanoTime());
				if (left.isNegative() || left.isZero()) {
					// Stop first: the log is complete only once the process is gone.
					service.stop();
					throw new ServiceStartException(service.name(),
							"was not ready within " + timeout + ": GET " + probe + " last gave " + lastAnswer + ".",
							service.logFile());
				}
				try {
					HttpRequest request = HttpRequest.newBuilder(probe)
						.timeout((left.compareTo(PROBE_TIMEOUT) < 0) ? left : PROBE_TIMEOUT)
						.GET()
						.build();
					int status = client.send(request, BodyHandlers.discarding()).statusCode();
					if (status == 200) {
						return;
					}
					lastAnswer = "status " + status;
				}
				catch (IOException ex) {
					lastAnswer = ex.getClass().getSimpleName() + ((ex.getMessage() != null) ? ": " + ex.getMessage() : "");
				}
				Thread.sleep(POLL_INTERVAL);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new ServiceStartException(service.name(), "was interrupted while waiting to be ready.");
		}
	}

}
