package dev.fluxbench.app.chain;

import java.net.SocketTimeoutException;
import java.util.concurrent.Semaphore;

import dev.fluxbench.app.client.PooledClientProperties;
import dev.fluxbench.app.client.PooledClients;
import dev.fluxbench.app.passthrough.DownstreamProperties;
import dev.fluxbench.app.passthrough.FaultHeaderForwarding;
import dev.fluxbench.contract.chain.ChainPaths;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.stereotype.Component;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

/**
 * The plain call to service B, the downstream's {@code GET /delay/{ms}?bytes=N}, on a
 * pool of its own sized like the passthrough's, whose read timeout is the time limiter's:
 * a call the limiter gave up on does not hold its connection and its thread much longer.
 * {@link GuardedServiceB} puts the guards around it.
 */
@Component
class ServiceBClient {

	private final RestClient restClient;

	// As in the passthrough: Apache's pool queues waiters without limit, Reactor Netty's
	// does not.
	private final Semaphore admissions;

	ServiceBClient(PooledClients clients, DownstreamProperties properties, DownstreamGuards guards) {
		PooledClientProperties serviceB = properties.downstream().withReadTimeout(guards.timeout());
		this.restClient = clients.restClient("chain-service-b", serviceB);
		this.admissions = new Semaphore(serviceB.maxConnections() + serviceB.maxPendingAcquires());
	}

	/** B's body as text: {@code bytes} filler bytes after {@code delay} ms. */
	String fetch(ChainRequest request, HttpHeaders incoming) {
		if (!this.admissions.tryAcquire()) {
			throw ServiceBException.saturated(null);
		}
		try {
			String body = this.restClient.get()
				.uri(ChainPaths.DOWNSTREAM_DELAY + "?bytes={bytes}", request.delayMillis(), request.bytes())
				.headers((headers) -> FaultHeaderForwarding.copy(incoming, headers))
				.retrieve()
				.onStatus(HttpStatusCode::isError, (call, response) -> {
					throw failure(response.getStatusCode().value());
				})
				.body(String.class);
			return (body != null) ? body : "";
		}
		catch (ResourceAccessException ex) {
			throw translate(ex);
		}
		catch (RestClientException ex) {
			// Any text is a payload, so what else RestClient raises is a connection that
			// broke mid-answer.
			throw ServiceBException.unreachable(ex);
		}
		finally {
			this.admissions.release();
		}
	}

	static RuntimeException failure(int status) {
		return (status < 500) ? ChainException.rejectedByServiceB(status) : ServiceBException.answered(status);
	}

	// A connect timeout is no connection to B, not a slow answer: unreachable, whatever
	// it took.
	private static ServiceBException translate(ResourceAccessException ex) {
		Throwable cause = ex.getCause();
		if (cause instanceof ConnectionRequestTimeoutException) {
			return ServiceBException.saturated(ex);
		}
		if (cause instanceof ConnectTimeoutException) {
			return ServiceBException.unreachable(ex);
		}
		if (cause instanceof SocketTimeoutException) {
			return ServiceBException.timedOut(ex);
		}
		return ServiceBException.unreachable(ex);
	}

}
