package dev.fluxbench.app.chain;

import dev.fluxbench.app.client.PooledClientProperties;
import dev.fluxbench.app.client.PooledClients;
import dev.fluxbench.app.passthrough.DownstreamProperties;
import dev.fluxbench.app.passthrough.FaultHeaderForwarding;
import dev.fluxbench.contract.chain.ChainDto;
import dev.fluxbench.contract.chain.ChainPaths;
import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.timeout.ReadTimeoutException;
import reactor.core.publisher.Mono;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquirePendingLimitException;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquireTimeoutException;

import org.springframework.core.codec.CodecException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientException;

/**
 * The call to the next instance of service A, a plain one: the guards protect service B,
 * and the next hop has its own. It runs on a pool of its own sized like the
 * passthrough's, and its response timeout is {@code fluxbench.chain.hop-timeout}.
 */
@Component
class NextHopClient {

	/**
	 * The path and query of the next hop's request, a template so that metrics name one
	 * URI.
	 */
	static final String NEXT = ChainPaths.CHAIN + "/{id}?" + ChainPaths.DEPTH + "={depth}&" + ChainPaths.DELAY
			+ "={delay}&" + ChainPaths.BYTES + "={bytes}";

	/**
	 * A chain answer holds B's payload as text, plus its few other fields; WebClient's
	 * default (256 KB) would fail a payload the contract allows.
	 */
	private static final int MAX_ANSWER_BYTES = ChainPaths.MAX_BYTES + 64 * 1024;

	private final WebClient webClient;

	private final NextHop nextHop;

	private final ChainProperties properties;

	NextHopClient(PooledClients clients, NextHop nextHop, ChainProperties properties, DownstreamProperties downstream) {
		PooledClientProperties hop = downstream.downstream().withReadTimeout(properties.hopTimeout());
		// No base URL: the next hop may be this app, whose port is known only once it
		// listens.
		this.webClient = clients.builder("chain-next-hop", hop)
			.codecs((codecs) -> codecs.defaultCodecs().maxInMemorySize(MAX_ANSWER_BYTES))
			.build();
		this.nextHop = nextHop;
		this.properties = properties;
	}

	/**
	 * The inner chain's answer, degraded or not; a failure of the hop itself as a
	 * problem.
	 */
	Mono<ChainDto> call(ChainRequest inner, HttpHeaders incoming) {
		return Mono
			.defer(() -> this.webClient.get()
				.uri(this.nextHop.baseUrl() + NEXT, inner.id(), inner.depth(), inner.delayMillis(), inner.bytes())
				.accept(MediaType.APPLICATION_JSON)
				.headers((headers) -> FaultHeaderForwarding.copy(incoming, headers))
				.retrieve()
				.onStatus(HttpStatusCode::isError,
						(response) -> response.releaseBody()
							.then(Mono.error(ChainException.hopAnswered(response.statusCode().value()))))
				.bodyToMono(ChainDto.class))
			.onErrorMap(CodecException.class, ChainException::hopUnreadable)
			.onErrorMap(WebClientException.class, this::translate)
			.switchIfEmpty(Mono.error(() -> ChainException.hopUnreadable(null)));
	}

	private ChainException translate(WebClientException ex) {
		Throwable cause = ex.getCause();
		if (cause instanceof PoolAcquirePendingLimitException || cause instanceof PoolAcquireTimeoutException) {
			return ChainException.hopSaturated(ex);
		}
		if (cause instanceof ConnectTimeoutException) {
			return ChainException.hopUnreachable(ex);
		}
		if (cause instanceof ReadTimeoutException) {
			return ChainException.hopTimedOut(this.properties.hopTimeout(), ex);
		}
		return ChainException.hopUnreachable(ex);
	}

}
