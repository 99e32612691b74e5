package dev.fluxbench.app.chain;

import java.net.SocketTimeoutException;
import java.util.concurrent.Semaphore;

import dev.fluxbench.app.client.PooledClientProperties;
import dev.fluxbench.app.client.PooledClients;
import dev.fluxbench.app.passthrough.DownstreamProperties;
import dev.fluxbench.app.passthrough.FaultHeaderForwarding;
import dev.fluxbench.contract.chain.ChainDto;
import dev.fluxbench.contract.chain.ChainPaths;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

/**
 * The call to the next instance of service A, a plain one: the guards protect service B,
 * and the next hop has its own. It runs on a pool of its own sized like the
 * passthrough's, and its read timeout is {@code fluxbench.chain.hop-timeout}.
 */
@Component
class NextHopClient {

	/**
	 * The path and query of the next hop's request, a template so that metrics name one
	 * URI.
	 */
	static final String NEXT = ChainPaths.CHAIN + "/{id}?" + ChainPaths.DEPTH + "={depth}&" + ChainPaths.DELAY
			+ "={delay}&" + ChainPaths.BYTES + "={bytes}";

	private final RestClient restClient;

	private final NextHop nextHop;

	private final ChainProperties properties;

	private final Semaphore admissions;

	NextHopClient(PooledClients clients, NextHop nextHop, ChainProperties properties, DownstreamProperties downstream) {
		PooledClientProperties hop = downstream.downstream().withReadTimeout(properties.hopTimeout());
		// No base URL: the next hop may be this app, whose port is known only once it
		// listens.
		this.restClient = clients.builder("chain-next-hop", hop).build();
		this.nextHop = nextHop;
		this.properties = properties;
		this.admissions = new Semaphore(hop.maxConnections() + hop.maxPendingAcquires());
	}

	/**
	 * The inner chain's answer, degraded or not; a failure of the hop itself as a
	 * problem.
	 */
	ChainDto call(ChainRequest inner, HttpHeaders incoming) {
		if (!this.admissions.tryAcquire()) {
			throw ChainException.hopSaturated(null);
		}
		try {
			ChainDto answer = this.restClient.get()
				.uri(this.nextHop.baseUrl() + NEXT, inner.id(), inner.depth(), inner.delayMillis(), inner.bytes())
				.accept(MediaType.APPLICATION_JSON)
				.headers((headers) -> FaultHeaderForwarding.copy(incoming, headers))
				.retrieve()
				.onStatus(HttpStatusCode::isError, (call, response) -> {
					throw ChainException.hopAnswered(response.getStatusCode().value());
				})
				.body(ChainDto.class);
			if (answer == null) {
				throw ChainException.hopUnreadable(null);
			}
			return answer;
		}
		catch (ResourceAccessException ex) {
			throw translate(ex);
		}
		catch (RestClientException ex) {
			// Anything else RestClient raises here means a 2xx whose body is not a chain
			// answer.
			throw ChainException.hopUnreadable(ex);
		}
		finally {
			this.admissions.release();
		}
	}

	private ChainException translate(ResourceAccessException ex) {
		Throwable cause = ex.getCause();
		if (cause instanceof ConnectionRequestTimeoutException) {
			return ChainException.hopSaturated(ex);
		}
		if (cause instanceof ConnectTimeoutException) {
			return ChainException.hopUnreachable(ex);
		}
		if (cause instanceof SocketTimeoutException) {
			return ChainException.hopTimedOut(this.properties.hopTimeout(), ex);
		}
		return ChainException.hopUnreachable(ex);
	}

}
