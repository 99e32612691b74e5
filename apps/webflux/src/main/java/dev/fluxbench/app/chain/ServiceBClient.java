package dev.fluxbench.app.chain;

import dev.fluxbench.app.client.PooledClientProperties;
import dev.fluxbench.app.client.PooledClients;
import dev.fluxbench.app.passthrough.DownstreamProperties;
import dev.fluxbench.app.passthrough.FaultHeaderForwarding;
import dev.fluxbench.contract.chain.ChainPaths;
import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.timeout.ReadTimeoutException;
import reactor.core.publisher.Mono;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquirePendingLimitException;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquireTimeoutException;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientException;

/**
 * The plain call to service B, the downstream's {@code GET /delay/{ms}?bytes=N}, on a
 * pool of its own sized like the passthrough's, whose response timeout is the time
 * limiter's. {@link GuardedServiceB} puts the guards around it.
 */
@Component
class ServiceBClient {

	private final WebClient webClient;

	ServiceBClient(PooledClients clients, DownstreamProperties properties, DownstreamGuards guards) {
		PooledClientProperties serviceB = properties.downstream().withReadTimeout(guards.timeout());
		this.webClient = clients.webClient("chain-service-b", serviceB)
			.mutate()
			.codecs((codecs) -> codecs.defaultCodecs().maxInMemorySize(ChainPaths.MAX_BYTES))
			.build();
	}

	/** B's body as text: {@code bytes} filler bytes after {@code delay} ms. */
	Mono<String> fetch(ChainRequest request, HttpHeaders incoming) {
		return this.webClient.get()
			.uri(ChainPaths.DOWNSTREAM_DELAY + "?bytes={bytes}", request.delayMillis(), request.bytes())
			.headers((headers) -> FaultHeaderForwarding.copy(incoming, headers))
			.retrieve()
			.onStatus(HttpStatusCode::isError,
					(response) -> response.releaseBody().then(Mono.error(failure(response.statusCode().value()))))
			.bodyToMono(String.class)
			.defaultIfEmpty("")
			.onErrorMap(WebClientException.class, ServiceBClient::translate);
	}

	static RuntimeException failure(int status) {
		return (status < 500) ? ChainException.rejectedByServiceB(status) : ServiceBException.answered(status);
	}

	// A connect timeout is no connection to B, not a slow answer: unreachable, whatever
	// it took.
	private static ServiceBException translate(WebClientException ex) {
		Throwable cause = ex.getCause();
		if (cause instanceof PoolAcquirePendingLimitException || cause instanceof PoolAcquireTimeoutException) {
			return ServiceBException.saturated(ex);
		}
		if (cause instanceof ConnectTimeoutException) {
			return ServiceBException.unreachable(ex);
		}
		if (cause instanceof ReadTimeoutException) {
			return ServiceBException.timedOut(ex);
		}
		return ServiceBException.unreachable(ex);
	}

}
