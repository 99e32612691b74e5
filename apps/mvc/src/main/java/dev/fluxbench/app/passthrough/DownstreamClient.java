package dev.fluxbench.app.passthrough;

import java.net.SocketTimeoutException;
import java.util.concurrent.Semaphore;

import dev.fluxbench.app.client.PooledClientProperties;
import dev.fluxbench.app.client.PooledClients;
import dev.fluxbench.contract.passthrough.Message;
import dev.fluxbench.contract.passthrough.MessageAck;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

@Component
class DownstreamClient {

	private final RestClient restClient;

	private final PooledClientProperties properties;

	// Apache's pool queues waiters without limit; this bounds them like Reactor Netty's
	// pending-acquire limit, so that both stacks refuse load at the same point.
	private final Semaphore admissions;

	DownstreamClient(PooledClients clients, DownstreamProperties properties) {
		this.properties = properties.downstream();
		this.restClient = clients.restClient("downstream", this.properties);
		this.admissions = new Semaphore(this.properties.maxConnections() + this.properties.maxPendingAcquires());
	}

	MessageAck send(Message message, HttpHeaders incoming) {
		if (!this.admissions.tryAcquire()) {
			throw DownstreamException.saturated(null);
		}
		try {
			MessageAck ack = this.restClient.post()
				.uri("/messages")
				.contentType(MediaType.APPLICATION_JSON)
				.accept(MediaType.APPLICATION_JSON)
				.headers((headers) -> FaultHeaderForwarding.copy(incoming, headers))
				.body(message)
				.retrieve()
				.onStatus(HttpStatusCode::isError, (request, response) -> {
					throw DownstreamException.answered(response.getStatusCode().value());
				})
				.body(MessageAck.class);
			if (ack == null) {
				throw DownstreamException.unreadable(null);
			}
			return ack;
		}
		catch (ResourceAccessException ex) {
			throw translate(ex);
		}
		catch (RestClientException ex) {
			// Anything else RestClient raises here means a 2xx whose body is not an
			// acknowledgement.
			throw DownstreamException.unreadable(ex);
		}
		finally {
			this.admissions.release();
		}
	}

	private DownstreamException translate(ResourceAccessException ex) {
		Throwable cause = ex.getCause();
		if (cause instanceof ConnectionRequestTimeoutException) {
			return DownstreamException.saturated(ex);
		}
		if (cause instanceof ConnectTimeoutException) {
			return DownstreamException.timedOut(this.properties.connectTimeout(), ex);
		}
		if (cause instanceof SocketTimeoutException) {
			return DownstreamException.timedOut(this.properties.readTimeout(), ex);
		}
		return DownstreamException.unreachable(ex);
	}

}
